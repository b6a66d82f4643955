// A balancer-manager page comes from the network: whatever it holds, reading it returns a page or an
// error (never throws), and comparing what it read with a configuration never throws either.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { analyze } from '../../server/src/core/analysis';
import { compareLive } from '../../server/src/core/live/compare';
import { parseManagerPage } from '../../server/src/core/live/manager-page';
import { fuzzRuns } from '../support/fuzz';

const HTML = readFileSync(join(__dirname, '../fixtures/live/manager-2.4.71.html'), 'latin1');
const XML = readFileSync(join(__dirname, '../fixtures/live/manager-2.4.71.xml'), 'utf8');
const ANALYSIS = analyze('<Proxy balancer://t>\nBalancerMember http://127.0.0.1:8081\nBalancerMember http://127.0.0.1:8082/\n</Proxy>\n', {
  epochSeconds: 0,
});

/** Pieces of the real pages and markup, spliced at random into one of them. */
const PIECES = [
  '<tr>',
  '<td>',
  '</td>',
  '<th>',
  '</table>',
  '<table>',
  '<h3>LoadBalancer Status for ',
  '</a>',
  '&amp;',
  '&#0;',
  '&#x110000;',
  'Init ',
  'Err ',
  '??? ',
  '1.00',
  '-1',
  '99999999999999999999999',
  '<httpd:worker>',
  '</httpd:name>',
  '\u0000',
  '<script>',
];

function readsOrRefuses(text: string): void {
  const result = parseManagerPage(text);
  if ('page' in result) compareLive(result.page, ANALYSIS.previews, false);
  else assert.equal(typeof result.error, 'string');
}

describe('security: a hostile balancer-manager page', () => {
  for (const [form, page] of [
    ['HTML', HTML],
    ['XML', XML],
  ] as const)
    it(`reads the ${form} page cut or spliced anywhere to a page or an error`, () => {
      fc.assert(
        fc.property(
          fc.nat(page.length),
          fc.nat(page.length),
          fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }),
          (from, to, pieces) => {
            const [start, end] = from <= to ? [from, to] : [to, from];
            readsOrRefuses(page.slice(0, start) + pieces.join('') + page.slice(end));
          },
        ),
        fuzzRuns(300),
      );
    });

  it('reads any text to a page or an error', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...PIECES, 'x', ' ', '<', '>') }), (text) =>
        readsOrRefuses(`<h1>Load Balancer Manager for h</h1>${text}`),
      ),
      fuzzRuns(300),
    );
  });
});

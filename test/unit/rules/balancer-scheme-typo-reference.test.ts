/**
 * balancer-scheme-typo skips, with one scan, every word that holds no scheme of six characters or
 * more before a colon; this compares where it reports on generated lines with the plain reading of
 * the rule below, which tries every scheme of every word (the regular expressions alone).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze } from '../../../server/src/core/analysis';
import { editDistance } from '../../../server/src/core/suggest';
import { rule } from '../../../server/src/core/rules/balancer-scheme-typo';
import { EPOCH_SECONDS } from '../../support/rules';
import { fuzzRuns } from '../../support/fuzz';

const CHECKED = new Set(['proxypass', 'proxypassmatch', 'balancermember', 'proxyset', '<proxy', '<proxymatch']);

/** Where the rule reports in `ProxyPass PATH WORD` (or the `name` given), scheme by scheme, as the rule's table of starts says. */
function reference(name: string, raw: string, at: number): number[] {
  const found: number[] = [];
  const starts = [0, ...[...raw.matchAll(/proxy:|[|"']/gi)].map((match) => match.index + match[0].length)];
  let free = 0;
  for (const start of starts) {
    if (start < free) continue;
    const match = /^([a-z][a-z0-9+.-]*):(\/*)/i.exec(raw.slice(start));
    if (!match) continue;
    free = start + match[0].length;
    const lower = match[1]!.toLowerCase();
    const isTypo = lower === 'balancer' ? match[2]!.length !== 2 && !CHECKED.has(name) : editDistance(lower, 'balancer', 2) <= 2;
    if (isTypo) found.push(at + start);
  }
  return found;
}

const schemeChar = fc.constantFrom('b', 'a', 'l', 'n', 'c', 'e', 'r', 'B', 'A', 's', 'h', 't', 'p', 'x', '1', '+', '.', '-');
const scheme = fc.oneof(
  fc.constantFrom('balancer', 'BALANCER', 'balnacer', 'balancers', 'alancer', 'balancr', 'http', 'https', 'blancer', 'unix', 'proxy'),
  fc.array(schemeChar, { minLength: 1, maxLength: 11 }).map((chars) => chars.join('')),
);
const piece = fc.oneof(
  fc
    .tuple(scheme, fc.constantFrom(':', ':/', '://', ':///'), fc.constantFrom('shop/', 'h', '', '10.0.0.1:80/'))
    .map((parts) => parts.join('')),
  fc.constantFrom('|', 'proxy:', 'PROXY:', '"', "'", '/', 'x', ':', '='),
);
const word = fc.array(piece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join('').replace(/["'\s\\]/g, '|'));

describe('balancer-scheme-typo against the plain reading of the rule', () => {
  it('reports where trying every scheme of the word reports, on generated words', function () {
    // 3,000 words take about a second alone, more on a loaded machine: mocha's 2 s would make the verdict depend on the load.
    this.timeout(60_000);
    fc.assert(
      fc.property(word, fc.constantFrom('ProxyPass', 'ProxyPassReverse', 'RewriteRule', 'SetHandler'), (written, directive) => {
        const prefix = `${directive} "/x/" `;
        const text = `${prefix}${written}\n`;
        const analysis = analyze(text, { environment: {}, epochSeconds: EPOCH_SECONDS });
        const args = analysis.tree.nodes[0]?.kind === 'directive' ? analysis.tree.nodes[0].args : [];
        const expected = args.flatMap((each) =>
          each.value.includes('=') && directive !== 'RewriteRule' && directive !== 'SetHandler'
            ? []
            : reference(directive.toLowerCase(), text.slice(each.span.start, each.span.end), each.span.start),
        );
        const found = [...rule.check({ analysis, run: [analysis] })].map((finding) => finding.span.start);
        assert.deepEqual(found, expected);
      }),
      fuzzRuns(3000),
    );
  });
});

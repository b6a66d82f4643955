/**
 * suspicious-member-url takes a member URL apart only when a quick test says it may have port 80
 * or 443 or a host ending in .0 or .255; this compares what it reports on generated members with
 * the plain reading of the rule below, which takes every URL apart.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze } from '../../../server/src/core/analysis';
import { rule } from '../../../server/src/core/rules/suspicious-member-url';
import { EPOCH_SECONDS } from '../../support/rules';
import { fuzzRuns } from '../../support/fuzz';

/** The host and port of every URL, then the three tests in the rule's order. */
function reference(url: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(url.replace(/^unix:[^|]*\|/i, ''));
  if (!match) return undefined;
  const [scheme, host, port] = [match[1]!.toLowerCase(), match[2]!, match[3] ?? ''];
  if (scheme === 'https' && port === '80') return 'https on port 80';
  if (scheme === 'http' && port === '443') return 'http on port 443';
  if (/^\d+\.\d+\.\d+\.(0|255)$/.test(host)) return `${host}, a network or broadcast address`;
  return undefined;
}

const url = fc
  .tuple(
    fc.constantFrom('', 'unix:/run/app.sock|', 'UNIX:/s|'),
    fc.constantFrom('http', 'https', 'HTTPS', 'Http', 'wss', 'ajp', 'h2c'),
    fc.constantFrom('://', ':/', '//'),
    fc.constantFrom('', 'user@', 'u:80@', 'u:443@', 'a.0@'),
    fc.constantFrom(
      '10.0.0.0',
      '10.0.0.1',
      '10.0.0.255',
      '10.0.0.2550',
      '192.168.1.0',
      '1.2.3',
      '[::1]',
      '[10.0.0.0]',
      'app.example',
      'h.0',
      '',
    ),
    fc.constantFrom('', ':80', ':443', ':8080', ':4430', ':080', ':80x', ':', ':0443'),
    fc.constantFrom('', '/', '/a.0', '/x:80', '?q=.255', '#f', '/p/.0/'),
  )
  .map((parts) => parts.join(''));

describe('suspicious-member-url against the plain reading of the rule', () => {
  it('reports the members that taking every URL apart reports, on generated URLs', function () {
    this.timeout(60_000);
    fc.assert(
      fc.property(fc.array(url, { minLength: 1, maxLength: 4 }), (urls) => {
        const text = `<Proxy "balancer://shop">\n${urls.map((each) => `    BalancerMember "${each}"\n`).join('')}</Proxy>\n`;
        const analysis = analyze(text, { environment: {}, epochSeconds: EPOCH_SECONDS });
        const members = analysis.model.balancers.flatMap((balancer) => balancer.members);
        const expected = members.flatMap((member) => {
          const problem = reference(member.url);
          return problem === undefined ? [] : [[member.declaration.url.start, problem]];
        });
        const found = [...rule.check({ analysis, run: [analysis] })].map((finding) => {
          const problem = expected.find(([start]) => start === finding.span.start)?.[1];
          return [finding.span.start, typeof problem === 'string' && finding.message.includes(problem) ? problem : finding.message];
        });
        assert.deepEqual(found, expected);
      }),
      fuzzRuns(3000),
    );
  });
});

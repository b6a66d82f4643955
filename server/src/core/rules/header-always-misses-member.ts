import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** The actions that only change headers already in the table they act on. */
const CHANGING = new Set(['edit', 'edit*', 'unset']);

export const rule: Rule = {
  id: 'header-always-misses-member',
  severity: 'warning',
  docs: {
    summary: '`Header always edit` or `Header always unset` in a configuration that proxies: the headers a member sends are never changed',
    why: 'mod_headers keeps two tables of response headers, and `always` acts only on the one Apache fills itself (error pages, redirects it makes). A member\'s `Set-Cookie`, `Location` or `X-Powered-By` is in the other, so `Header always edit Set-Cookie ^(.*)$ "$1; Secure"` leaves the session cookie without `Secure` (checked on Apache 2.4.71). Without `always` (or with `onsuccess`) the line changes them.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    if (stepsNamed(nodes, ['proxypass', 'proxypassmatch', '<proxy']).length === 0) return findings;
    const lines = stepsNamed(nodes, ['header']).flatMap((step) => (step.kind === 'directive' ? [step.directive] : []));
    // What a line does to which header, and whether `always` says which table.
    const read = lines.map((directive) => {
      const args = directive.args;
      const always = asciiLower(args[0]?.value ?? '') === 'always';
      const offset = always || asciiLower(args[0]?.value ?? '') === 'onsuccess' ? 1 : 0;
      return { directive, always, action: asciiLower(args[offset]?.value ?? ''), header: asciiLower(args[offset + 1]?.value ?? '') };
    });
    // A line without `always` for the same header and action already changes the member's.
    const covered = new Set(read.filter((line) => !line.always).map((line) => `${line.action} ${line.header}`));
    for (const line of read) {
      if (!line.always || !CHANGING.has(line.action) || line.header === '' || covered.has(`${line.action} ${line.header}`)) continue;
      const always = line.directive.args[0]!;
      const name = line.directive.args[2]!.value;
      findings.push({
        span: always.span,
        message: `always skips the headers a member sends: its ${quoted(name, 30)} is never changed, drop always`,
        fixes: [
          {
            title: 'Drop always',
            safe: false,
            edits: [{ span: { start: always.span.start, end: line.directive.args[1]!.span.start }, newText: '' }],
          },
        ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/"\nHeader always edit Set-Cookie ^(.*)$ "$1; Secure; HttpOnly"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/"\nHeader edit Set-Cookie ^(.*)$ "$1; Secure; HttpOnly"',
};

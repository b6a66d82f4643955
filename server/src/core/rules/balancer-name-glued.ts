import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { pathMatching, probe, serverLines } from '../requests/probe';
import { flagsOf } from '../requests/rewrite';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Word } from '../syntax/words';
import type { Line } from '../requests/servers';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** A balancer URL whose name runs straight into a back-reference or a variable: `balancer://app$1`. */
const GLUED = /^(balancer:\/\/[^/$%?#]+)[$%]/i;

export const rule: Rule = {
  id: 'balancer-name-glued',
  severity: 'warning',
  docs: {
    summary:
      'a `RewriteRule … [P]` or `ProxyPassMatch` to `balancer://NAME$1` (no slash after the name) that makes requests ask for a balancer that does not exist',
    why: 'The balancer name runs to the first slash, so with `RewriteRule "^/(.*)" "balancer://app$1" [P]` a request for /page asks for `balancer://apppage`: there is no such balancer, and Apache answers 500 to every request the line takes.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const names = new Set(analysis.model.balancers.map((balancer) => balancer.name));
    for (const line of serverLines(analysis, ['rewriterule', 'proxypassmatch'])) {
      const mapping = mappingOf(line);
      const glued = mapping && GLUED.exec(mapping.target.value);
      // A name chosen by the request (balancer://cluster$1 for cluster1, cluster2) is not glued: only a balancer of the bare name is.
      if (!mapping || !glued || !names.has(asciiLower(glued[1]!))) continue;
      const path = pathMatching(mapping.pattern);
      const seen = path === undefined ? undefined : probe(analysis, line.server, path);
      if (path === undefined || !seen || seen.decidedBy !== line.directive || seen.trace.status !== 500) continue;
      findings.push({
        span: mapping.target.span,
        message: `${quoted(mapping.target.value)} runs into the name, so ${quoted(path)} asks for a balancer that is not there (500): add a slash`,
      });
    }
    return findings;
  },
};

/** The pattern a server-level line maps with and the URL word it sends requests to. */
function mappingOf(line: Line): { readonly pattern: string; readonly target: Word } | undefined {
  if (line.sections.length > 0) return undefined;
  if (line.name === 'rewriterule') {
    const words = rewriteArguments(line.directive);
    const flags = flagsOf(words?.flags?.value);
    if (!words || words.first.value.startsWith('!') || !(flags.has('p') || flags.has('proxy'))) return undefined;
    return { pattern: words.first.value, target: words.second };
  }
  const [pattern, target] = line.directive.args;
  return pattern && target ? { pattern: pattern.value, target } : undefined;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)" "balancer://app$1" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)" "balancer://app/$1" [P]',
};

import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { captureCount } from '../pcre';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Directive, Node, Section } from '../syntax/tree';
import type { Span } from '../span';
import { BACK_REFERENCE, passWords } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Every back-reference of a target. */
const REFERENCES = new RegExp(BACK_REFERENCE, 'g');

export const rule: Rule = {
  id: 'backreference-without-group',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'a `$N` in the target of a `ProxyPassMatch`, `ProxyPass ~` or `RewriteRule` whose pattern has fewer groups: it is always empty',
    why: 'Apache substitutes `$N` with the N-th parenthesised group of the match, and with nothing when the pattern has no such group (a negated `RewriteRule` pattern, which has none to give, is `rewrite-negated-backreference`). So `ProxyPassMatch "^/api/.*$" "balancer://api/$1"` sends every request to the member as `/`, silently, instead of the path it meant to keep.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    for (const step of stepsNamed(nodes, ['proxypassmatch', 'proxypass', 'rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const target = substitution(step.directive, step.parent, nodes);
      if (!target) continue;
      const used = Math.max(0, ...[...target.text.matchAll(REFERENCES)].map((reference) => Number(reference[0][1])));
      if (used === 0) continue;
      const groups = captureCount(target.pattern);
      if (groups === undefined || used <= groups) continue;
      const pattern = quoted(target.pattern);
      const has = groups === 0 ? 'no group' : groups === 1 ? 'one group' : `${groups} groups`;
      findings.push({
        span: target.span,
        message: `"$${used}" is always empty, as ${pattern} has ${has}: put the part it should hold in parentheses`,
      });
    }
    return findings;
  },
};

/** A line's pattern and the target its `$N` refer to, when it has both. */
interface Substitution {
  readonly pattern: string;
  readonly text: string;
  readonly span: Span;
}

function substitution(directive: Directive, parent: Section | undefined, nodes: readonly Node[]): Substitution | undefined {
  const name = asciiLower(directive.name);
  if (name === 'rewriterule') {
    const words = rewriteArguments(directive);
    // A negated pattern has no groups: rewrite-negated-backreference's.
    if (!words || words.first.value.startsWith('!')) return undefined;
    return { pattern: words.first.value, text: words.second.value, span: words.second.span };
  }
  // Inside a <Location> the pattern is the section's: left alone.
  const { path: patternWord, isRegex, url: urlWord } = passWords(nodes, directive, parent);
  if (!isRegex || !patternWord || !urlWord) return undefined;
  return { pattern: patternWord.value, text: urlWord.value, span: urlWord.span };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "^/api/.*$" "balancer://api/$1"',
  good: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"',
};

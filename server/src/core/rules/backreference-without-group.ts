import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { captureCount } from '../pcre';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Directive, Node, Section } from '../syntax/tree';
import type { Span } from '../span';
import { passWords } from './shared';
import type { Rule, RuleExamples } from './types';

export const rule: Rule = {
  id: 'backreference-without-group',
  severity: 'warning',
  docs: {
    summary:
      'a `$N` in the target of a `ProxyPassMatch`, `ProxyPass ~` or `RewriteRule` whose pattern has fewer groups (or is negated): it is always empty',
    why: 'Apache substitutes `$N` with the N-th parenthesised group of the match, and with nothing when the pattern has no such group — a negated `RewriteRule` pattern captures nothing at all. So `ProxyPassMatch "^/api/.*$" "balancer://api/$1"` sends every request to the member as `/`, silently, instead of the path it meant to keep.',
  },
  *check({ analysis }) {
    const nodes = analysis.tree.nodes;
    for (const step of stepsNamed(nodes, ['proxypassmatch', 'proxypass', 'rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const target = substitution(step.directive, step.parent, nodes);
      if (!target) continue;
      const used = highestReference(target.text);
      if (used === 0) continue;
      const groups = target.negated ? 0 : captureCount(target.pattern);
      if (groups === undefined || used <= groups) continue;
      const pattern = quoted(`${target.negated ? '!' : ''}${target.pattern}`);
      const why = target.negated
        ? `the negated pattern ${pattern} captures nothing`
        : groups === 0
          ? `${pattern} has no group`
          : `${pattern} has ${groups === 1 ? 'one group' : `${groups} groups`}`;
      const advice = target.negated ? 'use %{REQUEST_URI} instead' : 'put the part it should hold in parentheses';
      yield { span: target.span, message: `"$${used}" is always empty, as ${why}: ${advice}` };
    }
  },
};

/** A line's pattern and the target its `$N` refer to, when it has both. */
interface Substitution {
  readonly pattern: string;
  readonly negated: boolean;
  readonly text: string;
  readonly span: Span;
}

function substitution(directive: Directive, parent: Section | undefined, nodes: readonly Node[]): Substitution | undefined {
  const name = asciiLower(directive.name);
  if (name === 'rewriterule') {
    const words = rewriteArguments(directive);
    if (!words) return undefined;
    const negated = words.first.value.startsWith('!');
    const pattern = negated ? words.first.value.slice(1) : words.first.value;
    return { pattern, negated, text: words.second.value, span: words.second.span };
  }
  // Inside a <Location> the pattern is the section's: left alone.
  const { path: patternWord, isRegex, url: urlWord } = passWords(nodes, directive, parent);
  if (!isRegex || !patternWord || !urlWord) return undefined;
  return { pattern: patternWord.value, negated: false, text: urlWord.value, span: urlWord.span };
}

/** The highest `$N` (1–9) in a target, a backslash escaping the character after it; 0 when there is none. */
function highestReference(text: string): number {
  let highest = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '$') {
      const digit = text.charCodeAt(at + 1) - 48;
      if (digit >= 1 && digit <= 9 && digit > highest) highest = digit;
    }
  }
  return highest;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "^/api/.*$" "balancer://api/$1"',
  good: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"',
};

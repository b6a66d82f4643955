import { quoted } from '../bounded';
import { testRegex } from '../regex';
import { pathMatching } from '../requests/probe';
import { stepsNamed } from '../syntax/named';
import { passWords } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxypassmatch-unanchored',
  severity: 'warning',
  docs: {
    summary: 'a `ProxyPassMatch` (or `ProxyPass ~`) pattern starting `/name` without `^`: it also takes paths that only contain it',
    why: 'A regular expression matches anywhere in the path unless anchored, so `ProxyPassMatch "/api/v1/(.*)$" "balancer://api/$1"` also sends /app/api/v1/users to the API members, ahead of the `ProxyPass` meant for /app/. Written `^/api/v1/(.*)$`, it takes only the paths that start with it.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const { nodes, text } = analysis.tree;
    for (const step of stepsNamed(nodes, ['proxypassmatch', 'proxypass'])) {
      if (step.kind !== 'directive') continue;
      const { path: word, isRegex } = passWords(nodes, step.directive, step.parent);
      if (!isRegex) continue;
      const pattern = word?.value;
      // A literal name after the first slash: `/(.*\.php)$` matches the same paths anchored or not.
      if (!word || !pattern || !/^\/[A-Za-z0-9_.~-]/.test(pattern)) continue;
      const sample = pathMatching(pattern);
      const inner = sample === undefined ? undefined : `/x${sample}`;
      if (inner === undefined || testRegex(pattern, inner) !== true || testRegex(`^${pattern}`, inner) !== false) continue;
      const at = word.span.start + (text[word.span.start] === '"' || text[word.span.start] === "'" ? 1 : 0);
      const fixes: Fix[] =
        text.slice(at, at + pattern.length) === pattern
          ? [{ title: 'Anchor the pattern with ^', safe: false, edits: [{ span: { start: at, end: at }, newText: '^' }] }]
          : [];
      findings.push({
        span: word.span,
        message: `${quoted(pattern)} is not anchored, so it also takes ${quoted(inner)}: start it with ^`,
        fixes,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "/api/v1/(.*)$" "balancer://api/$1"',
  good: '<Proxy "balancer://api">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPassMatch "^/api/v1/(.*)$" "balancer://api/$1"',
};

import { captureCount } from '../pcre';
import { BACK_REFERENCE, rewriteRules } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-group-unused',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule … [P]` whose pattern captures a group its target never uses: every request goes to one URL',
    why: 'Unlike ProxyPass, a RewriteRule never appends the rest of the path: its target is the whole URL. `RewriteRule "^/app/(.*)$" "balancer://app" [P]` sends every request under /app/ to `/` on the member, where `balancer://app/$1` keeps the path (checked on Apache 2.4.71).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { words, proxies } of rewriteRules(analysis.tree.nodes)) {
      if (!proxies || words.first.value.startsWith('!')) continue;
      // A variable (`%{REQUEST_URI}`), a condition's `%N` or a map (`${map:key}`) carries the request into the target too.
      const target = words.second.value;
      if (BACK_REFERENCE.test(target) || /%[{\d]|\$\{/.test(target) || !(captureCount(words.first.value)! > 0)) continue;
      findings.push({
        span: words.second.span,
        message: 'the pattern captures a group this target never uses, so every request goes to this one URL: add $1 where it belongs',
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/app/(.*)$" "balancer://app" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/app/(.*)$" "balancer://app/$1" [P]',
};

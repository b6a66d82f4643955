import { rewriteRules } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-query-doubled',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule` that writes `%{QUERY_STRING}` into its query and also says `[QSA]`: every parameter is sent twice',
    why: "`[QSA]` appends the request's query string to the one the target writes, so a target that already holds `%{QUERY_STRING}` ends with each parameter twice (`?a=1&x=2&a=1`): the application reads lists where it expects one value (checked on Apache 2.4.71).",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const { words, flags } of rewriteRules(analysis.tree.nodes)) {
      if (!(flags.has('qsa') || flags.has('qsappend'))) continue;
      const target = words.second.value;
      const query = target.indexOf('?');
      if (query < 0 || !/%\{QUERY_STRING\}/i.test(target.slice(query))) continue;
      findings.push({
        span: words.second.span,
        message: 'the query string this target holds is appended again by [QSA], so every parameter is sent twice: drop one of them',
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1?%{QUERY_STRING}&from=web" [P,QSA]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1?from=web" [P,QSA]',
};

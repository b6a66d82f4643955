import { addRewriteFlag, BACK_REFERENCE, rewriteRules } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-query-unescaped',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule … [P]` that puts a `$N` of the path into the query string without `[B]`',
    why: 'mod_rewrite matches the decoded path and puts back-references in as they were matched, so `RewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P]` sends /search/salt%26pepper as `q=salt&pepper`: the member reads `q=salt` and a parameter `pepper`. The `B` flag escapes back-references first.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const { directive, words, flags, proxies } of rewriteRules(analysis.tree.nodes)) {
      if (!proxies || flags.has('b') || flags.has('backrefescaping')) continue;
      const substitution = words.second.value;
      const query = substitution.indexOf('?');
      // In the path a back-reference is re-encoded with the rest of it; `[B]` there would escape its slashes too.
      if (query < 0 || !BACK_REFERENCE.test(substitution.slice(query)) || BACK_REFERENCE.test(substitution.slice(0, query))) continue;
      const edit = addRewriteFlag(text, directive, 'B');
      findings.push({
        span: words.second.span,
        message: 'a back-reference goes into the query decoded, so an "&" or "=" in the path splits it: add [B] to escape it',
        fixes: edit ? [{ title: 'Add the B flag', safe: false, edits: [edit] }] : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P,B]',
};

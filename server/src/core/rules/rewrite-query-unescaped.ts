import { flagsOf } from '../requests/rewrite';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { addRewriteFlag, BACK_REFERENCE } from './shared';
import type { Rule, RuleExamples } from './types';

export const rule: Rule = {
  id: 'rewrite-query-unescaped',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule … [P]` that puts a `$N` of the path into the query string without `[B]`',
    why: 'mod_rewrite matches the decoded path and puts back-references in as they were matched, so `RewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P]` sends /search/salt%26pepper as `q=salt&pepper`: the member reads `q=salt` and a parameter `pepper`. The `B` flag escapes back-references first.',
  },
  *check({ analysis }) {
    const text = analysis.tree.text;
    for (const step of stepsNamed(analysis.tree.nodes, ['rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const words = rewriteArguments(step.directive);
      const flags = flagsOf(words?.flags?.value);
      if (!words || !(flags.has('p') || flags.has('proxy')) || flags.has('b') || flags.has('backrefescaping')) continue;
      const substitution = words.second.value;
      const query = substitution.indexOf('?');
      // In the path a back-reference is re-encoded with the rest of it; `[B]` there would escape its slashes too.
      if (query < 0 || !BACK_REFERENCE.test(substitution.slice(query)) || BACK_REFERENCE.test(substitution.slice(0, query))) continue;
      const edit = addRewriteFlag(text, step.directive, 'B');
      yield {
        span: words.second.span,
        message: 'a back-reference goes into the query decoded, so an "&" or "=" in the path splits it: add [B] to escape it',
        fixes: edit ? [{ title: 'Add the B flag', safe: false, edits: [edit] }] : [],
      };
    }
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/search/(.*)$" "balancer://app/find?q=$1" [P,B]',
};

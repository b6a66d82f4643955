import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { BACK_REFERENCE } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-negated-backreference',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule` with a negated pattern (`!…`) whose substitution uses `$1`: the back-reference is always empty',
    why: 'A negated pattern applies when it does not match, so its groups capture nothing: `$1` becomes an empty string and every request is sent to the same URL, `balancer://app/` instead of `balancer://app/the/path` (the mod_rewrite manual: "if negated patterns are used, you cannot use $N in the substitution string"). `apache2 -t` says Syntax OK. To forward the path, use `%{REQUEST_URI}`, or a positive pattern and a condition for the exception.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const step of stepsNamed(analysis.tree.nodes, ['rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const words = rewriteArguments(step.directive);
      if (!words?.first.value.startsWith('!')) continue;
      const { first: pattern, second: substitution } = words;
      const written = text.slice(substitution.span.start, substitution.span.end);
      const reference = BACK_REFERENCE.exec(written);
      if (!reference) continue;
      const start = substitution.span.start + reference.index;
      const span = { start, end: start + 2 };
      // A lone `…/$1` ending the URL meant "the rest of the path": the whole request path says it.
      const end = written.length - (substitution.quoted ? 1 : 0);
      const isTail = reference.index + 2 === end && written[reference.index - 1] === '/';
      const fixes: Fix[] = isTail
        ? [
            {
              title: 'Forward the request path (%{REQUEST_URI})',
              safe: false,
              edits: [{ span: { start: start - 1, end: start + 2 }, newText: '%{REQUEST_URI}' }],
            },
          ]
        : [];
      findings.push({
        span,
        message: `${reference[0]} is always empty, as ${quoted(pattern.value)} is negated, so requests go to ${quoted(substitution.value.replace(new RegExp(BACK_REFERENCE, 'g'), ''))}: use %{REQUEST_URI}`,
        fixes,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "!^/(static/.*)" "balancer://app/$1" [P,L]',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "!^/static/" "balancer://app%{REQUEST_URI}" [P,L]',
};

import { quoted } from '../bounded';
import { enclosing, stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Per-directory sections: mod_rewrite matches their rules against the path with the directory's prefix, and its slash, removed. */
const DIRECTORY_SECTIONS = new Set(['directory', 'directorymatch']);

/** `^/` or `^\/` at the start of a pattern: what the removed prefix never leaves. */
const LEADING_SLASH = /^\^\\?\//;

export const rule: Rule = {
  id: 'rewrite-slash-in-directory',
  severity: 'warning',
  docs: {
    summary: 'a `RewriteRule` pattern starting `^/` inside `<Directory>`: it never matches there',
    why: "In a `<Directory>` (as in `.htaccess`) mod_rewrite removes the directory's prefix, ending with a slash, before it matches, so the path never starts with `/` and `^/api/(.*)$` matches nothing: the rule is skipped silently and requests fall through to the files.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const { nodes, text } = analysis.tree;
    for (const step of stepsNamed(nodes, ['rewriterule'])) {
      if (step.kind !== 'directive' || !enclosing(nodes, step.parent, DIRECTORY_SECTIONS)) continue;
      const pattern = rewriteArguments(step.directive)?.first;
      const slash = pattern && LEADING_SLASH.exec(pattern.value);
      if (!pattern || !slash) continue;
      const without = `^${pattern.value.slice(slash[0].length)}`;
      // The slash's place in the document, where the word is written as its value (not from a macro or a variable).
      const at = pattern.span.start + (text[pattern.span.start] === '"' || text[pattern.span.start] === "'" ? 1 : 0);
      const fixes: Fix[] =
        text.slice(at, at + pattern.value.length) === pattern.value
          ? [
              {
                title: `Match ${without}`,
                // The rule starts matching: a change of behaviour, never applied unattended.
                safe: false,
                edits: [{ span: { start: at + 1, end: at + slash[0].length }, newText: '' }],
              },
            ]
          : [];
      findings.push({
        span: pattern.span,
        message: `in <Directory> the path has no leading slash, so ${quoted(pattern.value)} never matches: write ${quoted(without)}`,
        fixes,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Directory "/var/www">\n    RewriteEngine On\n    RewriteRule "^/api/(.*)$" "balancer://app/$1" [P]\n</Directory>',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Directory "/var/www">\n    RewriteEngine On\n    RewriteRule "^api/(.*)$" "balancer://app/$1" [P]\n</Directory>',
};

import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'remote-user-before-login',
  severity: 'warning',
  docs: {
    summary: 'a server-level `RewriteCond` on `%{REMOTE_USER}`: those rules run before the login, so the user is always empty there',
    why: "mod_rewrite's rules in server and virtual-host context run while the URL is translated, before authentication: `%{REMOTE_USER}` is empty, so a header built from it says nothing (or `(null)`). `%{LA-U:REMOTE_USER}` looks ahead at the user the login will give.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['rewritecond'])) {
      // In <Directory> and .htaccess context the rules run after the login, where REMOTE_USER is set.
      if (step.kind !== 'directive' || (step.parent && step.parent.name.toLowerCase() !== 'virtualhost')) continue;
      const test = rewriteArguments(step.directive)?.first;
      if (!test || !/%\{REMOTE_USER\}/i.test(test.value)) continue;
      const raw = analysis.tree.text.slice(test.span.start, test.span.end);
      const at = raw.search(/%\{REMOTE_USER\}/i);
      findings.push({
        span: test.span,
        message: 'server-level rules run before the login, so %{REMOTE_USER} is empty here: read %{LA-U:REMOTE_USER}',
        fixes:
          at < 0
            ? []
            : [
                {
                  title: 'Look ahead with %{LA-U:REMOTE_USER}',
                  safe: true,
                  edits: [
                    {
                      span: { start: test.span.start + at, end: test.span.start + at + '%{REMOTE_USER}'.length },
                      newText: '%{LA-U:REMOTE_USER}',
                    },
                  ],
                },
              ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/">\n    AuthType Basic\n    AuthName "team"\n    AuthUserFile "/etc/apache2/htpasswd"\n    Require valid-user\n</Location>\nRewriteEngine On\nRewriteCond %{REMOTE_USER} (.+)\nRewriteRule ".*" "-" [E=RU:%1]\nRequestHeader set X-Remote-User "%{RU}e"',
  good: '<Location "/">\n    AuthType Basic\n    AuthName "team"\n    AuthUserFile "/etc/apache2/htpasswd"\n    Require valid-user\n</Location>\nRewriteEngine On\nRewriteCond %{LA-U:REMOTE_USER} (.+)\nRewriteRule ".*" "-" [E=RU:%1]\nRequestHeader set X-Remote-User "%{RU}e"',
};

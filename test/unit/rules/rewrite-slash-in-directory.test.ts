import { ruleTable } from '../../support/rules';

// In <Directory> mod_rewrite matches the path without the directory prefix and its slash: `^/api/`
// never matches (test/real-mistakes-2, directory-rewrite-pattern-with-leading-slash, reproduced on
// Apache 2.4.71 by test/apache/request-mistakes.test.ts: 404 from the files instead of the member).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('rewrite-slash-in-directory', [
  [
    `${B}<Directory "/var/www">\n    RewriteEngine On\n    RewriteRule [["^/api/(.*)$"]] "balancer://app/$1" [P]\n</Directory>`,
    {
      says: ['in <Directory> the path has no leading slash, so "^/api/(.*)$" never matches: write "^api/(.*)$"'],
      fixed: `${B}<Directory "/var/www">\n    RewriteEngine On\n    RewriteRule "^api/(.*)$" "balancer://app/$1" [P]\n</Directory>`,
      safe: false,
    },
  ],
  [
    `${B}<DirectoryMatch "^/srv/">\n    <IfModule rewrite_module>\n        RewriteRule [[^\\/x$]] balancer://app/ [P]\n    </IfModule>\n</DirectoryMatch>`,
    {
      says: ['write "^x$"'],
      fixed: `${B}<DirectoryMatch "^/srv/">\n    <IfModule rewrite_module>\n        RewriteRule ^x$ balancer://app/ [P]\n    </IfModule>\n</DirectoryMatch>`,
    },
  ],
  // near misses: the server's rules see the slash, a pattern without it, a negated one, a <Location>
  [`${B}RewriteEngine On\nRewriteRule ^/api/(.*)$ balancer://app/$1 [P]`],
  [`${B}<Directory "/var/www">\n    RewriteRule ^api/(.*)$ balancer://app/$1 [P]\n    RewriteRule !^/x - [F]\n</Directory>`],
  [`${B}<Location "/">\n    RewriteRule ^/api/(.*)$ balancer://app/$1 [P]\n</Location>`],
]);

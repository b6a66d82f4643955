import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('rewrite-negated-backreference', [
  // mod_rewrite's own words (parseargline, test/apache/trace-cases.ts): a backslash keeps a space in a word
  ['RewriteRule !^/a\\ b(.*) balancer://ws/[[$1]] [P,L]', { fixed: 'RewriteRule !^/a\\ b(.*) balancer://ws%{REQUEST_URI} [P,L]' }],
  [
    'RewriteRule !^/(static/.*) balancer://ws/[[$1]] [P,L]',
    {
      says: ['$1 is always empty', '"!^/(static/.*)" is negated', 'go to "balancer://ws/"', '%{REQUEST_URI}'],
      fixed: 'RewriteRule !^/(static/.*) balancer://ws%{REQUEST_URI} [P,L]',
      safe: false,
    },
  ],
  ['RewriteRule "!^/x" "balancer://ws/[[$1]]"', { fixed: 'RewriteRule "!^/x" "balancer://ws%{REQUEST_URI}"' }],
  ['RewriteRule !^/x http://backend/[[$0]]/y [P]', { says: ['go to "http://backend//y"'] }],
  // near misses
  ['RewriteRule ^/(.*) balancer://ws/$1 [P]'],
  ['RewriteRule !^/static/ balancer://ws%{REQUEST_URI} [P]'],
  ['RewriteRule !^/x balancer://ws/\\$1 [P]'],
  ['RewriteCond %{REQUEST_URI} !^/(static/.*)\nRewriteRule ^ balancer://ws/%1 [P]'],
]);

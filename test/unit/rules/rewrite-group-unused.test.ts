import { ruleTable } from '../../support/rules';

// A [P] rule's target is the whole URL: the group is dropped (test/real-mistakes-3/rewrite.ts,
// rewrite-proxy-target-without-backreference, reproduced on Apache 2.4.71).
const B = '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\n';

ruleTable('rewrite-group-unused', [
  [
    `${B}RewriteRule "^/app/(.*)$" [["balancer://app"]] [P]`,
    { says: ['the pattern captures a group this target never uses, so every request goes to this one URL: add $1 where it belongs'] },
  ],
  [`${B}RewriteRule /(.*) [[http://10.0.0.2:9090/cockpit/]] [proxy,L]`],
  // near misses: the group is used, no group, not proxied, a negated pattern, %N only from a condition
  [`${B}RewriteRule "^/app/(.*)$" "balancer://app/$1" [P]`],
  [`${B}RewriteRule "^/app/.*$" "balancer://app/fixed" [P]`],
  [`${B}RewriteRule "^/old/(.*)$" "/new" [R=301]`],
  [`${B}RewriteRule "!^/(static)/" "balancer://app/" [P]`],
  [`${B}RewriteRule "^/(?:a|b)/x$" "balancer://app/x" [P]`],
  [`${B}RewriteRule "^/(.*)$" "balancer://app%{REQUEST_URI}" [P]`],
  [`${B}RewriteCond %{HTTP_HOST} ^(.+)$\nRewriteRule "^/(.*)$" "balancer://app/%1" [P]`],
]);

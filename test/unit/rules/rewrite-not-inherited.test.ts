import { ruleTable } from '../../support/rules';

// The main server's rules do not run in a virtual host without RewriteOptions Inherit: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, url-mapping).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('rewrite-not-inherited', [
  [
    `${B}RewriteEngine On\n[[RewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]]]\nRewriteRule ^/x - [F]\n<VirtualHost *:*>\n    ProxyPass / balancer://app/\n</VirtualHost>`,
    {
      says: ['no request runs these 2 rules', 'RewriteOptions Inherit'],
    },
  ],
  [
    `Listen 80\n${B}RewriteEngine On\n[[RewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]]]\n<VirtualHost *:80>\n    RewriteEngine On\n</VirtualHost>`,
  ],
  // near misses: a virtual host inherits, the main server pushes them down, or it still answers some port
  [
    `${B}RewriteEngine On\nRewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]\n<VirtualHost *:*>\n    RewriteOptions Inherit\n</VirtualHost>`,
  ],
  [
    `${B}RewriteEngine On\nRewriteOptions InheritDown\nRewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]\n<VirtualHost *:*>\n    ProxyPass / balancer://app/\n</VirtualHost>`,
  ],
  [
    `Listen 80\nListen 8080\n${B}RewriteEngine On\nRewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]\n<VirtualHost *:80>\n    ProxyPass / balancer://app/\n</VirtualHost>`,
  ],
  [`${B}RewriteEngine On\nRewriteRule ^/old/(.*)$ balancer://app/new/$1 [P]`],
]);

import { ruleTable } from '../../support/rules';

// Both are accepted by apache2 -t in <Proxy *> and <Proxy balancer://…> (Apache 2.4.71,
// test/apache/third-pass.test.ts); a proxied request reads no .htaccess and serves no file.
ruleTable('ineffective-in-proxy', [
  [
    '<Proxy *>\n    [[AllowOverride All]]\n    Require all granted\n</Proxy>',
    { says: ['"AllowOverride" does nothing in <Proxy>', 'remove it'], fixed: '<Proxy *>\n    Require all granted\n</Proxy>', safe: false },
  ],
  ['<Proxy "*">\n    [[Options -Indexes +FollowSymLinks]]\n</Proxy>', { says: ['"Options" does nothing in <Proxy>'] }],
  ['<ProxyMatch ^balancer://>\n    [[Options None]]\n</ProxyMatch>'],
  ['<Proxy balancer://a>\n    BalancerMember http://h\n    [[AllowOverride None]]\n</Proxy>'],
  // near misses: Includes acts on proxied responses (mod_include), and outside <Proxy> these are ordinary
  ['<Proxy *>\n    Options +Includes\n</Proxy>'],
  ['<Directory /srv>\n    Options FollowSymLinks\n    AllowOverride All\n</Directory>'],
  ['<Proxy *>\n    Require all granted\n</Proxy>'],
]);

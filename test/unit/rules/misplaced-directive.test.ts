import { ruleTable } from '../../support/rules';

// Server and virtual-host directives inside directory sections, and sections where Apache refuses
// them; each checked with `apache2 -t` (Apache/2.4.71, Debian). Apache's words name the section as
// it spells it.
ruleTable('misplaced-directive', [
  [
    '<Proxy balancer://a>\n    BalancerMember http://h\n    [[BalancerGrowth]] 3\n</Proxy>',
    {
      says: ['BalancerGrowth cannot stand inside <Proxy>: move it where Apache allows it'],
      apache: 'BalancerGrowth not allowed in <Proxy> context',
      refuses: ['balancer://a'],
    },
  ],
  [
    '<Proxy balancer://a>\n<IfModule proxy_module>\n[[BalancerPersist]] On\n</IfModule>\n</Proxy>',
    { says: ['BalancerPersist cannot stand inside <Proxy>'] },
  ],
  [
    '<Location /x>\n    [[<Proxy]] balancer://a>\n    </Proxy>\n</Location>',
    { says: ['<Proxy> cannot stand inside <Location>'], apache: '<Proxy not allowed in <Location> context' },
  ],
  ['<If "true">\n    [[ProxyPassInherit]] Off\n</If>', { says: ['ProxyPassInherit cannot stand inside <If>'] }],
  [
    '<Proxy balancer://a>\n    SSLProxyEngine On\n</Proxy>\n<Location /x>\n    [[SSLProxyEngine]] On\n</Location>',
    { says: ['SSLProxyEngine cannot stand inside <Location>'] },
  ],
  [
    '<VirtualHost *:80>\n    [[<VirtualHost]] *:81>\n    </VirtualHost>\n</VirtualHost>',
    { says: ['<VirtualHost> cannot stand inside <VirtualHost>'], apache: '<VirtualHost> cannot occur within <VirtualHost> section' },
  ],
  ['<location /x>\n[[balancergrowth]] 3\n</location>', { apache: 'BalancerGrowth not allowed in <Location> context' }],
  // .htaccess: Apache answers 500 and logs "ProxyPass not allowed here" on every request there
  // (AllowOverride All, Apache 2.4.71, test/apache/third-pass.test.ts); a refused section's lines are not reported again
  [
    '[[ProxyPass]] "/x" "http://10.0.0.1/"',
    { path: '/srv/www/.htaccess', says: ['ProxyPass is not allowed in .htaccess, so every request here gets 500'] },
  ],
  [
    '[[<Proxy]] "balancer://a">\n    BalancerMember http://h\n</Proxy>',
    { path: '/srv/www/.htaccess', says: ['<Proxy> is not allowed in .htaccess'] },
  ],
  [
    '<IfModule proxy_module>\n[[BalancerMember]] balancer://a http://h\n[[ProxySet]] balancer://a lbmethod=bytraffic\n</IfModule>',
    { path: '/srv/.htaccess' },
  ],
  ['RewriteEngine On\nRewriteRule ^x balancer://a/ [P]\nHeader set X 1\nRequire all granted', { path: '/srv/.htaccess' }],
  // near misses
  ['<Location /x>\n    Define X 1\n    Include x.conf\n</Location>'],
  ['ProxyPass "/x" "http://10.0.0.1/"', { path: '/srv/www/htaccess.conf' }],
  ['<VirtualHost *:80>\n    BalancerGrowth 3\n    <Proxy balancer://a>\n    </Proxy>\n</VirtualHost>'],
]);

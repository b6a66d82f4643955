import { ruleTable } from '../../support/rules';

// Without SSLProxyEngine On, mod_proxy connects to an https:// or wss:// worker and then cannot
// enable TLS: every request gets 500 and "AH00961: https: failed to enable ssl support" (checked on
// Apache 2.4.71, test/apache/second-pass.test.ts). A virtual host without its own SSLProxyEngine
// takes the main server's.
const ADD = 'add "SSLProxyEngine On"';

ruleTable('ssl-proxy-engine-off', [
  [
    '<VirtualHost *:443>\n    <Proxy "balancer://shop">\n        BalancerMember [["https://app1.example.com"]]\n    </Proxy>\n    ProxyPass "/" "balancer://shop/"\n</VirtualHost>',
    {
      says: ['"https://app1.example.com" needs TLS, but this virtual host has no SSLProxyEngine On', ADD],
      fixed:
        '<VirtualHost *:443>\n    SSLProxyEngine On\n    <Proxy "balancer://shop">\n        BalancerMember "https://app1.example.com"\n    </Proxy>\n    ProxyPass "/" "balancer://shop/"\n</VirtualHost>',
      safe: false,
    },
  ],
  // main server: the line goes before the section holding the member
  [
    '<Proxy balancer://a>\n  BalancerMember [[https://10.0.0.1]]\n  BalancerMember [[wss://10.0.0.2]]\n</Proxy>',
    {
      says: ['this server has no SSLProxyEngine On'],
      fixed: 'SSLProxyEngine On\n<Proxy balancer://a>\n  BalancerMember https://10.0.0.1\n  BalancerMember wss://10.0.0.2\n</Proxy>',
    },
  ],
  ['ProxyPass /api/ [[https://api.example.com/]]', { fixed: 'SSLProxyEngine On\nProxyPass /api/ https://api.example.com/' }],
  ['BalancerMember balancer://a [[HTTPS://h]]'],
  ['<Location /x>\nProxyPass [[https://h/]]\n</Location>'],
  ['ProxyPassMatch ^/x(.*) [[https://h/$1]]'],
  // an explicit Off is the user's choice: reported, no fix
  ['SSLProxyEngine Off\nProxyPass /x [[https://h/]]', { says: ['this server has SSLProxyEngine Off'], noFix: true }],
  // a virtual host's Off overrides the main server's On
  ['SSLProxyEngine On\n<VirtualHost *:80>\nSSLProxyEngine off\nProxyPass / [[https://h/]]\n</VirtualHost>', { noFix: true }],
  // another virtual host's SSLProxyEngine does not count
  ['<VirtualHost *:80>\nSSLProxyEngine On\n</VirtualHost>\n<VirtualHost *:81>\nProxyPass / [[https://h/]]\n</VirtualHost>'],
  // near misses
  ['SSLProxyEngine On\n<Proxy balancer://a>\nBalancerMember https://h\n</Proxy>'],
  ['<Proxy balancer://a>\nBalancerMember https://h\n</Proxy>\nSSLProxyEngine on'],
  ['SSLProxyEngine On\n<VirtualHost *:443>\nProxyPass / https://h/\n</VirtualHost>'],
  ['<VirtualHost *:443>\n<Location />\nSSLProxyEngine On\nProxyPass https://h/\n</Location>\n</VirtualHost>'],
  ['ProxyPass /x http://h/\nBalancerMember balancer://a http://h\nProxyPass /y !\nProxyPass /z balancer://a/'],
  ['ProxyPass /x ${BACKEND}'],
  ['ProxyPassReverse / https://h/'],
]);

import { ruleTable } from '../../support/rules';

// A balancer with no members passes `apache2 -t` and starts; every request to it gets 503 with
// AH01171 (docs/apache-semantics.md, find_best_byrequests).
ruleTable('empty-balancer', [
  [
    '[[<Proxy balancer://shop>]]\n    ProxySet lbmethod=byrequests\n</Proxy>\nProxyPass / balancer://shop/',
    {
      says: ['balancer://shop has no members, so every request to it gets 503: add members'],
      apache: 'AH01171: balancer://shop: No workers in balancer',
      never: ['or use'],
    },
  ],
  // beside a filled balancer, the message lists the balancers that have members (a typo is likely)
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>\n[[<Proxy balancer://shops>]]\n    ProxySet lbmethod=byrequests\n</Proxy>',
    { says: ['balancer://shops has no members', 'add members, or use balancer://shop'] },
  ],
  // created by a ProxyPass whose name is a typo of a filled balancer: the fix renames every reference in the file
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>\n[[ProxyPass "/shop/" "balancer://shpo/"]]\nProxyPassReverse "/shop" "Balancer://SHPO/"',
    {
      says: ['balancer://shpo has no members, so every request to it gets 503: did you mean balancer://shop?'],
      fixed:
        '<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
      safe: false,
    },
  ],
  // defined in one virtual host, used in another: virtual hosts share only the main server's balancers
  [
    '<VirtualHost *:80>\n<Proxy balancer://a>\n    BalancerMember http://10.0.0.1\n</Proxy>\n</VirtualHost>\n<VirtualHost *:81>\n[[ProxyPass / balancer://a/]]\n</VirtualHost>',
    { says: ['"balancer://a" has no members here, only in another virtual host', 'define it in the main server'] },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a\n</Proxy>'],
  ['ProxyPass / balancer://shop/'], // a fragment: the members may be defined in a file we were not given
  ['<Proxy http://backend>\n</Proxy>'], // not a balancer
  ['<Proxy balancer://shop>\n</Proxy>'], // an empty section defines no balancer: only BalancerMember, ProxySet and ProxyPass do
]);

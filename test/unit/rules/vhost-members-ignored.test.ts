import { ruleTable } from '../../support/rules';

// A virtual host inherits the main server's balancers unless both BalancerInherit and
// ProxyPassInherit are Off; for a name both define, the merged balancer keeps only the main
// server's members (docs/apache-semantics.md, merge_balancers). Merging happens after
// everything is read, so the order of the two does not matter.
const IGNORED = "this member is ignored, as the virtual host uses the main server's balancer://app";

ruleTable('vhost-members-ignored', [
  [
    '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<VirtualHost *:80>\n    <Proxy "balancer://app">\n        BalancerMember [["http://10.0.9.9:8080"]]\n    </Proxy>\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>',
    {
      says: [IGNORED, 'rename one or merge them'],
      noFix: true,
    },
  ],
  // every member given in the vhost, names ignoring case
  [
    'BalancerMember balancer://app http://a\n<VirtualHost *:80>\nBalancerMember balancer://APP [[http://b]]\nBalancerMember balancer://app [[http://c]]\n</VirtualHost>',
    { says: [IGNORED] },
  ],
  // BalancerInherit Off alone changes nothing
  [
    'BalancerMember balancer://app http://a\n<VirtualHost *:80>\nBalancerInherit Off\nBalancerMember balancer://app [[http://b]]\n</VirtualHost>',
    { says: [IGNORED] },
  ],
  [
    '<VirtualHost *:80>\nBalancerMember balancer://app [[http://b]]\n</VirtualHost>\nBalancerMember balancer://app http://a',
    { says: [IGNORED] },
  ],
  // near misses
  [
    'BalancerMember balancer://app http://a\n<VirtualHost *:80>\nBalancerInherit Off\nProxyPassInherit Off\nBalancerMember balancer://app http://b\n</VirtualHost>',
  ],
  ['BalancerMember balancer://app http://a\n<VirtualHost *:80>\nBalancerMember balancer://other http://b\n</VirtualHost>'],
  ['<VirtualHost *:80>\n<Proxy "balancer://app">\nBalancerMember http://b\n</Proxy>\nProxyPass "/" "balancer://app/"\n</VirtualHost>'],
]);

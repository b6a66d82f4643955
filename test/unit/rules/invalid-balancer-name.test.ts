import { ruleTable } from '../../support/rules';

// ap_proxy_get_balancer and ap_proxy_define_balancer need "://" and a name, at most 95 bytes with
// "balancer://"; a BalancerMember takes its section's path as the balancer name (docs/apache-semantics.md, ap_proxy_define_balancer, add_member).
const FIX = 'this is not a usable balancer name: write balancer://NAME';

ruleTable('invalid-balancer-name', [
  [
    'ProxyPass "/app/" [["balancer:app/"]]',
    { says: [FIX], apache: 'ProxyPass Bad syntax for a balancer name (balancer:app/)', noFix: true, refuses: [] },
  ],
  ['ProxyPass /x [[balancer:c1]]', { apache: 'ProxyPass Bad syntax for a balancer name (balancer:c1)' }],
  ['ProxyPass /x [["balancer://"]]', { apache: 'Bad syntax for a balancer name (balancer://)' }],
  ['BalancerMember [[balancer://]] http://h', { apache: 'BalancerMember Bad syntax for a balancer name (balancer://)' }],
  // inside a section, the member's balancer name is the section's path
  ['<Location /x>\n[[BalancerMember http://h]]\n</Location>', { apache: 'BalancerMember Bad syntax for a balancer name (/x)' }],
  ['<Proxy *>\n[[BalancerMember http://h]]\n</Proxy>', { apache: 'Bad syntax for a balancer name (*)' }],
  ['<Proxy balancer:shop>\n[[BalancerMember http://h]]\n</Proxy>', { apache: 'Bad syntax for a balancer name (balancer:shop)' }],
  // 96 bytes is one too many
  [
    `BalancerMember [[balancer://${'a'.repeat(85)}]] http://h`,
    { apache: `BalancerMember balancer name (balancer://${'a'.repeat(85)}) too long` },
  ],
  // near misses
  [`BalancerMember balancer://${'a'.repeat(84)} http://h`],
  ['ProxyPass /x/ BALANCER://Shop/\nBalancerMember balancer://shop http://h'], // the prefix ignores case
  ['ProxySet balancer:shop lbmethod=bybusyness'], // ProxySet finds no such balancer: undefined-target's business
]);

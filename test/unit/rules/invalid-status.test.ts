import { ruleTable } from '../../support/rules';

// ap_proxy_set_wstatus reads status letters one by one (D S E I H R N C, each group optionally
// after + or -, case-insensitive); anything else is refused with a message that never says which
// letter (docs/apache-semantics.md, ap_proxy_set_wstatus).
const ADVICE = 'write letters of DSEIHRNC after + or -, no spaces or commas, e.g. +H or -D+N';

ruleTable('invalid-status', [
  [
    '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" status=[[D,H]]\n</Proxy>',
    {
      says: ['status "D,H" is not valid', ADVICE],
      apache: 'BalancerMember Unknown status parameter option',
      noFix: true,
      refuses: ['balancer://shop'],
    },
  ],
  ['<Proxy balancer://a>\nBalancerMember http://h status=[[+X]]\n</Proxy>', { says: ['status "+X"'] }],
  ['<Proxy balancer://a>\nBalancerMember http://h status=[[+]]\n</Proxy>', { says: ['status "+"'] }],
  ['<Proxy balancer://a>\nBalancerMember http://h status=[[+D-]]\n</Proxy>', { says: ['status "+D-"'] }],
  ['<Proxy balancer://a>\nBalancerMember http://h [["status=+D H"]]\n</Proxy>', { says: ['status "+D H"'] }],
  // a plain worker's ProxyPass takes status too
  ['ProxyPass /x http://h status=[[Q]]', { apache: 'ProxyPass Unknown status parameter option' }],
  // near misses
  [
    '<Proxy balancer://a>\nBalancerMember http://h status=+dh\nBalancerMember http://i status=-D+N\nBalancerMember http://j status=D\nBalancerMember http://k status=\n</Proxy>',
  ],
  ['<Proxy balancer://a>\nBalancerMember http://h status=${S}\n</Proxy>'], // an unresolved variable may come from the environment
]);

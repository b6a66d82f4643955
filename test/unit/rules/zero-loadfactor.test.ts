import { ruleTable } from '../../support/rules';

// loadfactor=0 is refused at start-up: "BalancerMember LoadFactor must be a number between 1..100"
// (checked with `apache2 -t`, Apache/2.4.71). Resolved variables are checked like any other text;
// unresolved ones are left alone.
ruleTable('zero-loadfactor', [
  [
    '<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=[[0]]\n</Proxy>',
    {
      says: ['loadfactor "0" is out of range 1–100', 'write 1 or more, or take the member out with status=+D, +N or +H'],
      apache: 'BalancerMember LoadFactor must be a number between 1..100',
      fixed: '<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=1\n</Proxy>',
      safe: false,
      refuses: ['balancer://a'],
    },
  ],
  [
    '<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=[[0]]\n</Proxy>',
    { fix: 1, fixed: '<Proxy balancer://a>\n    BalancerMember http://h:1 status=+D\n</Proxy>', safe: false },
  ],
  // In a quoted argument the whole word is rewritten, quotes kept.
  [
    'BalancerMember balancer://a http://h:1 [["loadfactor=0.0"]]',
    { says: ['loadfactor "0.0"'], fixed: 'BalancerMember balancer://a http://h:1 "loadfactor=1"' },
  ],
  ['Define M "http://h:1 loadfactor=0"\nBalancerMember balancer://a [[${M}]]', { says: ['loadfactor "0"'] }],
  // near misses
  ['BalancerMember balancer://a http://h:1 loadfactor=${NOPE}'],
  ['<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=1\n</Proxy>'],
]);

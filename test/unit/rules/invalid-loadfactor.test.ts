import { ruleTable } from '../../support/rules';

// Apache accepts loadfactor 1 to 100 (checked with `apache2 -t`, Apache/2.4.71): `$${X}` is a
// literal "$" before the variable's value, so "$2" is not a number.
ruleTable('invalid-loadfactor', [
  [
    'Define X 2\n<Proxy balancer://a>\nBalancerMember http://h:1 [[loadfactor=$${X}]]\n</Proxy>',
    {
      says: ['loadfactor "$2" is not a number: write 1 to 100'],
      apache: 'BalancerMember LoadFactor must be a number between 1..100',
      refuses: ['balancer://a'],
    },
  ],
  // quotes inside the word are literal; the message shows the value with them, quoted once (issue 13)
  [
    '<Proxy balancer://a>\nBalancerMember http://h:1 loadfactor=[["2"]]\n</Proxy>',
    {
      says: ['loadfactor "2" keeps its quotes, so Apache sees no number'],
      fixed: '<Proxy balancer://a>\nBalancerMember http://h:1 loadfactor=2\n</Proxy>',
    },
  ],
  // near misses
  ['Define X 2\n<Proxy balancer://a>\nBalancerMember http://h:1 loadfactor=${X}\n</Proxy>'],
]);

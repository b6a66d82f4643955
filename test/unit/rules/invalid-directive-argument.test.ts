import { ruleTable } from '../../support/rules';

// Each expectation was checked with `apache2 -t` (Apache/2.4.71, Debian); flags are case-insensitive.
ruleTable('invalid-directive-argument', [
  [
    'BalancerPersist [[yes]]\nBalancerInherit [[1]]\nProxyPassInherit OFF\nBalancerPersist on off',
    {
      each: ['BalancerPersist takes On or Off, not "yes"', 'BalancerInherit takes On or Off, not "1"'],
      apache: ' must be On or Off',
    },
  ],
  ['[[ProxyPassInherit]]', { says: ['ProxyPassInherit takes On or Off'], apache: 'ProxyPassInherit must be On or Off' }],
  [
    'BalancerGrowth [[1001]]\nBalancerGrowth [[-1]]\nBalancerGrowth abc\nBalancerGrowth 1000',
    {
      each: ['BalancerGrowth "1001" is out of range', 'BalancerGrowth "-1" is out of range'],
      says: ['write 0 to 1000'],
      apache: 'BalancerGrowth must be between 0 and 1000',
    },
  ],
  [
    '[[BalancerGrowth]]\n[[BalancerGrowth 3 4]]\n[[BalancerGrowth ""]]',
    { says: ['BalancerGrowth takes one number'], apache: 'BalancerGrowth takes one argument, Number of additional Balancers' },
  ],
  // near misses
  ['BalancerPersist On\nBalancerInherit off\nProxyPassInherit On\nBalancerGrowth 0'],
]);

import { ruleTable } from '../../support/rules';

ruleTable('invalid-url', [
  [
    '<Proxy balancer://a>\n    BalancerMember [[server1]]\n</Proxy>',
    {
      says: ['"server1" is not an absolute URL: write scheme://host[:port], e.g. "http://server1"'],
      fixed: '<Proxy balancer://a>\n    BalancerMember http://server1\n</Proxy>',
      safe: false,
      refuses: ['balancer://a'],
    },
  ],
  [
    'BalancerMember balancer://a [[127.0.0.1:8080]]',
    {
      says: ['"127.0.0.1:8080" is not an absolute URL', 'e.g. "http://127.0.0.1:8080"'],
      fixed: 'BalancerMember balancer://a http://127.0.0.1:8080',
    },
  ],
  // a quoted word is quoted once, and the suggestion holds no quotes (issue 13)
  ['BalancerMember balancer://a [["htt"]]', { says: ['"htt" is not an absolute URL', 'e.g. "http://htt"'] }],
  // near misses
  ['<Proxy balancer://a>\n    BalancerMember http://server1\n    BalancerMember "unix:/run/app.sock|http://localhost/"\n</Proxy>'],
  ['<Proxy balancer://a>\nBalancerMember ${BACKEND}\n</Proxy>'], // an unresolved variable is left alone
]);

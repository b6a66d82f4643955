import { COMPLETE, ruleTable } from '../../support/rules';

// A member outside any section is includable only in a fragment, at its top level (checked with
// `apache2 -t`, Apache/2.4.71): in a complete configuration it is member-syntax's error.
ruleTable('member-needs-section', [
  [
    '[[BalancerMember http://h:1 route=a]]',
    {
      says: ['this member names no balancer', 'which works only inside <Proxy balancer://…>', 'write BalancerMember balancer://NAME URL'],
      apache: 'BalancerMember must define remote proxy server',
    },
  ],
  ['BalancerMember balancer://a http://h:1\n[[BalancerMember "http://h:2"]]', { says: ['this member names no balancer'] }],
  // near misses
  [`${COMPLETE}BalancerMember http://h:1`],
  ['<VirtualHost *:80>\nBalancerMember http://h:1\n</VirtualHost>'],
  ['BalancerMember balancer://a http://h:1'],
  ['<Proxy balancer://a>\n    BalancerMember http://h:1\n</Proxy>'],
]);

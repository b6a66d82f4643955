import { COMPLETE, ruleTable } from '../../support/rules';

// BalancerMember arguments Apache refuses, checked with `apache2 -t` (Apache/2.4.71, Debian).
const NO_URL = { says: ['no member URL', 'a word with "=" is a parameter'], apache: 'BalancerMember must define remote proxy server' };

ruleTable('member-syntax', [
  [
    `${COMPLETE}[[BalancerMember http://h:1]]`,
    { ...NO_URL, says: [...NO_URL.says, 'outside <Proxy> write BalancerMember balancer://NAME URL'] },
  ],
  ['<VirtualHost *:80>\n[[BalancerMember http://h:1]]\n</VirtualHost>', NO_URL],
  // Apache joins a continued line without a space: "http://h:1loadfactor=2" is one word with "="
  ['<Proxy balancer://a>\n[[BalancerMember http://h:1\\\nloadfactor=2]]\n</Proxy>', NO_URL],
  // near misses
  ['<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=2\n</Proxy>'],
  [`${COMPLETE}BalancerMember balancer://a http://h:1`],
  ['BalancerMember http://h:1'], // a fragment: member-needs-section's business
]);

import * as assert from 'node:assert/strict';
import { COMPLETE, lintText, ruleTable } from '../../support/rules';

// BalancerMember arguments Apache refuses, checked with `apache2 -t` (Apache/2.4.71, Debian).
const NO_URL = { apache: 'BalancerMember must define remote proxy server' };
const OUTSIDE = { ...NO_URL, says: ['no member URL: outside <Proxy> write BalancerMember balancer://NAME URL'] };
const PARAMETERS = { ...NO_URL, says: ['no member URL: the words with "=" are read as parameters (a member URL cannot hold "=")'] };

ruleTable(
  'member-syntax',
  [
    [`${COMPLETE}[[BalancerMember http://h:1]]`, OUTSIDE],
    ['<VirtualHost *:80>\n[[BalancerMember http://h:1]]\n</VirtualHost>', OUTSIDE],
    [`${COMPLETE}[[BalancerMember balancer://a http://h:1/?a=b]]`, PARAMETERS],
    // Apache joins a continued line without a space: "http://h:1loadfactor=2" is one word with "="
    ['<Proxy balancer://a>\n[[BalancerMember http://h:1\\\nloadfactor=2]]\n</Proxy>', PARAMETERS],
    ['<Proxy balancer://a>\n    [[BalancerMember]]\n</Proxy>', { ...NO_URL, says: ["no member URL: give the member's URL"] }],
    // Apache stops at the first word it refuses: a trailing comment is one finding, not one per word.
    [
      '<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=2 [[#]] the big one\n</Proxy>',
      {
        says: ['a trailing "#" comment is read as arguments'],
        apache: 'BalancerMember can not have a balancer name when defined in a location',
        refuses: ['balancer://a'],
      },
    ],
    // near misses
    ['<Proxy balancer://a>\n    BalancerMember http://h:1 loadfactor=2\n</Proxy>'],
    [`${COMPLETE}BalancerMember balancer://a http://h:1`],
    ['BalancerMember http://h:1'], // a fragment: member-needs-section's business
  ],
  () => {
    // One cause, one finding: Apache refuses the line, so it never becomes a nested balancer or a shared member.
    it('stands in for nested-balancer-member and shared-member on the lines it refuses', () => {
      const text =
        '<Proxy "balancer://a">\n    BalancerMember "balancer://a" "http://10.0.0.1"\n    BalancerMember "balancer://b" "http://10.0.0.1"\n</Proxy>\n<Proxy "balancer://b">\n    BalancerMember "http://10.0.0.2"\n</Proxy>';
      const ids = lintText(text).map((diagnostic) => diagnostic.ruleId);
      assert.deepEqual(
        ids.filter((id) => id === 'member-syntax' || id === 'nested-balancer-member' || id === 'shared-member'),
        ['member-syntax', 'member-syntax'],
      );
    });
  },
);

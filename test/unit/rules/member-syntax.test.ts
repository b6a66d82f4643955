import * as assert from 'node:assert/strict';
import { COMPLETE, lintText, ruleTable } from '../../support/rules';

// BalancerMember arguments Apache refuses, checked with `apache2 -t` (Apache/2.4.71, Debian).
const NO_URL = { says: ['no member URL', 'a word with "=" is a parameter'], apache: 'BalancerMember must define remote proxy server' };

ruleTable(
  'member-syntax',
  [
    [
      `${COMPLETE}[[BalancerMember http://h:1]]`,
      { ...NO_URL, says: [...NO_URL.says, 'outside <Proxy> write BalancerMember balancer://NAME URL'] },
    ],
    ['<VirtualHost *:80>\n[[BalancerMember http://h:1]]\n</VirtualHost>', NO_URL],
    // Apache joins a continued line without a space: "http://h:1loadfactor=2" is one word with "="
    ['<Proxy balancer://a>\n[[BalancerMember http://h:1\\\nloadfactor=2]]\n</Proxy>', NO_URL],
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

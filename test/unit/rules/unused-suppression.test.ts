import * as assert from 'node:assert/strict';
import { findingsOf, ruleTable } from '../../support/rules';

// The lint runner reviews suppressions after applying them: an id that is no rule, a comment that
// names none, or an id that silenced nothing on its line is reported. A rule turned off is not
// reviewed (its findings were never made).
const MEMBER = 'BalancerMember balancer://api http://10.0.1.1:9000';

ruleTable(
  'unused-suppression',
  [
    [
      `# balancer-lens-disable-next-line [[zero-loadfactr]]\n${MEMBER}`,
      { says: ['"zero-loadfactr" is not a Balancer Lens rule, so this suppression does nothing'], noFix: true },
    ],
    [
      `# balancer-lens-disable-next-line [[zero-loadfactor]]\n${MEMBER}`,
      { says: ['nothing here is reported by zero-loadfactor: remove "zero-loadfactor" from this suppression'], noFix: true },
    ],
    [`[[# balancer-lens-disable-next-line]]\n${MEMBER}`, { says: ['this suppression names no rule: add the rule ids it should silence'] }],
    // only the id that silenced nothing
    [
      `# balancer-lens-disable-next-line zero-loadfactor, [[invalid-status]]\n${MEMBER} loadfactor=0`,
      { says: ['nothing here is reported by invalid-status'] },
    ],
    [`# balancer-lens-disable [[zero-loadfactor]] -- why\n${MEMBER}`, { says: ['nothing here is reported by zero-loadfactor'] }],
    [
      `# balancer-lens-disable-next-line [[nope]]\n${MEMBER}`,
      { rules: { 'unused-suppression': 'info' }, severity: 'info', says: ['"nope" is not a Balancer Lens rule'] },
    ],
    // near misses
    [`# balancer-lens-disable-next-line zero-loadfactor\n${MEMBER} loadfactor=0`],
    [`# balancer-lens-disable-next-line zero-loadfactor\n${MEMBER}`, { rules: { 'zero-loadfactor': 'off' } }],
    [MEMBER],
  ],
  () => {
    it('reports nothing when turned off', () => {
      assert.deepEqual(
        findingsOf('unused-suppression', `# balancer-lens-disable-next-line nope\n${MEMBER}`, { rules: { 'unused-suppression': 'off' } }),
        [],
      );
    });
  },
);

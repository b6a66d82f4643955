/**
 * Members sharing a slot in the preview (docs/apache-semantics.md, "Members sharing a slot"; the
 * picks are compared with a real Apache in test/apache/shared-slot.test.ts): the later member takes
 * the earlier one's values, the notes say so, and a what-if changes the slot, so both members.
 */
import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { previewWhatIf } from '../../../server/src/core/scheduler/preview';

const TEXT = [
  '<Proxy "balancer://t">',
  '    BalancerMember "http://10.0.0.1" loadfactor=2',
  '    BalancerMember "http://10.0.0.2:8080"',
  '    BalancerMember "http://10.0.0.1:80" loadfactor=5 status=+D',
  '</Proxy>',
].join('\n');

function preview() {
  return analyze(TEXT, { epochSeconds: 1_800_000_000 }).previews[0]!;
}

describe('members sharing a slot, in the preview', () => {
  it('schedule the later member with the earlier one’s values (loadfactor 2, not disabled), and say so in the notes', () => {
    const { schedule, notes } = preview();
    assert.deepEqual(schedule.candidates, [0, 1, 2]);
    assert.deepEqual(
      schedule.members.map((member) => member.share),
      [2 / 5, 1 / 5, 2 / 5],
    );
    assert.ok(
      notes.includes(
        '"http://10.0.0.1:80" has the worker name of "http://10.0.0.1", so Apache gives it that member\'s shared memory: its loadfactor, lbset and status, and one lbstatus for both',
      ),
      notes.join('\n'),
    );
  });

  it('take a what-if on either member as one on their slot', () => {
    for (const index of [0, 2]) {
      const down = previewWhatIf(preview(), new Map([[index, 'down']])).schedule;
      assert.deepEqual(down.candidates, [1], `member ${index} down`);
    }
    const other = previewWhatIf(preview(), new Map([[1, 'down']])).schedule;
    assert.deepEqual(other.candidates, [0, 2]);
  });
});

import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze } from '../../../server/src/core/analysis';
import { memberHover } from '../../../server/src/core/features/hover';
import { previewPicks } from '../../../server/src/core/scheduler/preview';
import { fuzzRuns } from '../../support/fuzz';

const OPTIONS = { environment: {}, epochSeconds: 1_800_000_000 };

/** A member line: its host (two hosts written `http://hN` and `http://hN:80` share a slot), loadfactor, status and lbset. */
const memberLine = fc.record({
  host: fc.integer({ min: 0, max: 5 }),
  port: fc.boolean(),
  loadfactor: fc.constantFrom('1', '2', '3', '0.5', '1.5', '7.25', '10', '33.3', '100'),
  status: fc.constantFrom('', ' status=+H', ' status=+R', ' status=+D', ' status=+E'),
  lbset: fc.constantFrom('', '', ' lbset=1'),
});

const balancerText = fc
  .array(memberLine, { minLength: 1, maxLength: 8 })
  .map((lines) =>
    [
      '<Proxy balancer://x>',
      ...lines.map(
        (line) => `BalancerMember http://h${line.host}${line.port ? ':80' : ''} loadfactor=${line.loadfactor}${line.status}${line.lbset}`,
      ),
      '</Proxy>',
    ].join('\n'),
  );

describe("a member hover's longest gap", () => {
  it('is the longest run of picks without the member over two cycles, whichever member is asked first', function () {
    this.timeout(60_000);
    fc.assert(
      fc.property(balancerText, fc.nat(), (text, start) => {
        const preview = analyze(text, OPTIONS).previews[0]!;
        const members = preview.balancer.members;
        const picked = previewPicks(preview, preview.schedule.cycleLength * 2);
        // Asked from some member on, wrapping: the first one asked makes every member's gap.
        for (let step = 0; step < members.length; step++) {
          const index = (start + step) % members.length;
          const shown = /longest gap between two of its requests: (\d+) requests?/.exec(memberHover(preview, index))?.[1];
          if (shown === undefined) continue;
          const positions = picked.flatMap((member, position) => (member === members[index] ? [position] : []));
          const wanted = Math.max(0, ...positions.slice(1).map((position, at) => position - positions[at]! - 1));
          assert.equal(Number(shown), wanted, `${text}\nmember ${index}`);
        }
      }),
      fuzzRuns(300),
    );
  });
});

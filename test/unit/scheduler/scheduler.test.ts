import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadfactorToLbfactor, parseStatus } from '../../../server/src/core/model/params';
import { IdleReason, picks, schedule, SchedulingInput, Selection, steps } from '../../../server/src/core/scheduler/byrequests';
import { memberLetter } from '../../../server/src/core/scheduler/letters';
import { fuzzRuns } from '../../support/fuzz';

const OPTIONS = { forceRecovery: true, epochSeconds: 1_800_000_000 };

/**
 * Members written as `loadfactor[:status][@lbset][/retry][=slot]`, e.g. `70`, `1:D`, `2@1`, `1:E/2000000000`,
 * `2=0` (uses member 0's slot, so written with member 0's values), `-` for defaults.
 */
function members(spec: string): SchedulingInput[] {
  return spec.split(/\s+/).map((word) => {
    const match = /^([^:@/=]*)(?::([^@/=]*))?(?:@(\d+))?(?:\/(\d+))?(?:=(\d+))?$/.exec(word);
    assert.ok(match, `bad member spec ${word}`);
    const lbfactor = match[1] === '-' || match[1] === '' ? 100 : loadfactorToLbfactor(match[1]!);
    assert.ok(lbfactor !== undefined, `loadfactor ${match[1]} is refused by Apache`);
    const status = match[2] ? parseStatus(match[2], 0) : { status: 0 };
    assert.ok('status' in status, `status ${match[2]} is refused by Apache`);
    const retry = match[4] === undefined ? undefined : Number(match[4]);
    return {
      lbfactor,
      lbset: Number(match[3] ?? 0),
      status: status.status,
      retry,
      ...(match[5] === undefined ? {} : { slot: Number(match[5]) }),
    };
  });
}

function lettersOf(spec: string, count?: number, options = OPTIONS): string {
  const input = members(spec);
  const plan = schedule(input, options);
  return picks(input, plan, count ?? plan.cycleLength)
    .map((index) => memberLetter(index))
    .join(' ');
}

describe('byrequests schedules', () => {
  // [members, expected picks]: Apache's manual tables, the source comment, and docs/apache-semantics.md, find_best_byrequests (all verified live on 2.4.71).
  const cases: [string, string][] = [
    ['25 25:D 25 25', 'a c d'],
    ['1 1:D 1 1', 'a c d'],
    ['70 30', 'a b a a a b a a b a'],
    ['1 4 1', 'b a b b c b'],
    ['1 1 1 2', 'd a b c d'],
    ['5 1 1', 'a a b a c a a'],
    ['-:D 1@1 2@1', 'c b c'],
    ['-:D -:D -:H 3:H', 'd c d d'],
    ['- -:D -:R -:R', 'a c'],
    ['- - -:R', 'a b'],
    ['-:N - -:R', 'b c'],
    ['-:D -:D -:R 3:R -:R', 'd c d d'],
    ['-@7 2@3 -@3', 'b c b'],
    ['-:H 2:H -@1', 'b a b'],
    ['-:ID -', 'b'],
    ['-:R -:D -', 'c a'],
    ['-:D -:H -@1', 'b'],
    ['-:E -', 'a b'],
    ['-:E/2000000000 -', 'b'],
    ['-:ES -', 'b'],
    ['-:E/2000000000 -:E/2000000000', 'a b'],
    ['-:DH-D -', 'b'],
    ['1.15 2.3', 'b a b b a b b a b b a b b a b b a b b a'],
    // Members sharing a slot feed one lbstatus, and the later one wins when only its turn lifts the slot above the best (test/apache/shared-slot.test.ts).
    ['1 1=0 1', 'a c a a c a'],
    ['3 2 3=0', 'a b a a a b a a'],
    ['2 3 2=0', 'c b a b a b a'],
  ];
  for (const [spec, expected] of cases) {
    it(`[${spec}] → ${expected}`, () => {
      const count = expected.split(' ').length;
      assert.equal(lettersOf(spec, count), expected);
    });
  }

  it('answers 503 (no candidates) for only spares, all disabled, or no members', () => {
    for (const spec of ['-:R -:R', '-:D -:D', '-:N -:S']) {
      const plan = schedule(members(spec), OPTIONS);
      assert.equal(plan.tier, undefined, spec);
      assert.equal(plan.cycleLength, 0, spec);
    }
    assert.equal(schedule([], OPTIONS).tier, undefined);
  });

  it('keeps E members out when forcerecovery is off', () => {
    const plan = schedule(members('-:E/2000000000 -:E/2000000000'), { ...OPTIONS, forceRecovery: false });
    assert.equal(plan.tier, undefined);
  });
});

describe('shares and reasons', () => {
  const cases: [string, number[], (IdleReason | undefined)[]][] = [
    ['70 30 -:H', [0.7, 0.3, 0], [undefined, undefined, 'standby-not-needed']],
    ['- -:R', [1, 0], [undefined, 'spare-not-needed']],
    ['-:D -:R 3', [0, 0.25, 0.75], ['disabled', undefined, undefined]],
    ['- -@1', [1, 0], [undefined, 'shadowed-by-lbset']],
    ['-:N -:S -:C -:U', [0, 0, 0, 0], ['draining', 'stopped', 'health-check-failed', 'shutting-down']],
    ['1.15 2.3', [114 / 343, 229 / 343], [undefined, undefined]],
  ];
  for (const [spec, shares, reasons] of cases) {
    it(`[${spec}]`, () => {
      const plan = schedule(members(spec), OPTIONS);
      assert.deepEqual(
        plan.members.map((member) => member.share),
        shares,
      );
      assert.deepEqual(
        plan.members.map((member) => member.idle),
        reasons,
      );
    });
  }

  it('reports the cycle length from arithmetic: 33.3 vs 1 is 3,429 picks', () => {
    assert.equal(schedule(members('33.3 1'), OPTIONS).cycleLength, 3429);
  });

  it('answers 10,000 members with distinct decimal factors without enumerating a cycle', () => {
    const input = Array.from({ length: 10_000 }, (_, i) => ({ lbfactor: 100 + i, lbset: 0, status: 0, retry: undefined }));
    const plan = schedule(input, OPTIONS);
    assert.equal(
      plan.total,
      input.reduce((sum, member) => sum + member.lbfactor, 0),
    );
    assert.equal(picks(input, plan, 1000).length, 1000);
  });

  it('reproduces the lbstatus table of the manual for 70/30', () => {
    const input = members('70 30');
    const table = steps(input, schedule(input, OPTIONS), 3).map((step) => step.lbstatus);
    assert.deepEqual(table, [
      [-3000, 3000],
      [4000, -4000],
      [1000, -1000],
    ]);
  });
});

describe('byrequests properties', () => {
  const member = fc.record({
    lbfactor: fc.integer({ min: 100, max: 10000 }),
    lbset: fc.integer({ min: 0, max: 3 }),
    status: fc.constantFrom(0, 0, 0, 0x20, 0x100, 0x800, 0x04, 0x40),
    retry: fc.constant(undefined),
  });
  const balancer = fc.array(member, { minLength: 1, maxLength: 8 });

  it("after every cycle each lbstatus is 0 and each slot (a member's own, unless it shares one) was picked its gain/g times", () => {
    // Half the balancers share no slot; in the others a later member may take an earlier member's slot.
    const slotLinks = fc.oneof(fc.constant<number[]>([]), fc.array(fc.nat(), { maxLength: 8 }));
    const shared = fc.tuple(balancer, slotLinks).map(([input, links]) => {
      // The slot of the earlier member (its own, or the one it uses), with its values, as Apache gives them.
      const result: SchedulingInput[] = [];
      input.forEach((member, index) => {
        const link = links[index];
        if (index === 0 || link === undefined || link % 2 !== 0) result.push(member);
        else {
          const root = result[link % index]!.slot ?? link % index;
          result.push({ ...result[root]!, slot: root });
        }
      });
      return result;
    });
    fc.assert(
      fc.property(shared, (input: SchedulingInput[]) => {
        const plan = schedule(input, OPTIONS);
        fc.pre(plan.cycleLength > 0 && plan.cycleLength <= 2000);
        const run = steps(input, plan, plan.cycleLength * 2);
        for (const cycleEnd of [plan.cycleLength - 1, 2 * plan.cycleLength - 1]) {
          assert.ok(run[cycleEnd]!.lbstatus.every((value) => value === 0));
        }
        const g = plan.total / plan.cycleLength;
        const slotOf = (index: number): number => input[index]!.slot ?? index;
        for (const slot of new Set(plan.candidates.map(slotOf))) {
          const users = plan.candidates.filter((index) => slotOf(index) === slot);
          const gain = users.reduce((sum, index) => sum + input[index]!.lbfactor, 0);
          const count = run.slice(0, plan.cycleLength).filter((step) => users.includes(step.pick)).length;
          assert.equal(count, gain / g);
        }
      }),
      fuzzRuns(300),
    );
  });

  it("picks as Apache's loop does, for a few picks of many members and for many picks", () => {
    // Loadfactors from a short list, so that many members tie; up to 200 members, so a few picks leave most never picked.
    const many = fc.array(
      fc.record({
        lbfactor: fc.constantFrom(100, 100, 200, 250, 300, 1000, 3330),
        lbset: fc.constant(0),
        status: fc.constantFrom(0, 0, 0, 0x20),
        retry: fc.constant(undefined),
      }),
      { minLength: 1, maxLength: 200 },
    );
    fc.assert(
      fc.property(many, fc.integer({ min: 0, max: 300 }), (input: SchedulingInput[], count) => {
        const plan = schedule(input, OPTIONS);
        // find_best_byrequests: every candidate gains its lbfactor, the first highest is taken and pays the total.
        const lbstatus = plan.candidates.map(() => 0);
        const wanted: number[] = [];
        for (let request = 0; request < count && plan.candidates.length > 0; request++) {
          let best = 0;
          plan.candidates.forEach((index, position) => {
            lbstatus[position]! += input[index]!.lbfactor;
            if (lbstatus[position]! > lbstatus[best]!) best = position;
          });
          lbstatus[best]! -= plan.total;
          wanted.push(plan.candidates[best]!);
        }
        assert.deepEqual(picks(input, plan, count), wanted);
      }),
      fuzzRuns(300),
    );
  });

  it('a regular member taken down lets one hot spare in, and only one', () => {
    const member = (status: number): SchedulingInput => ({ lbfactor: 100, lbset: 0, status, retry: undefined });
    // a and b regular, c and d hot spares (R): with a down, b and the first spare serve.
    const selection = new Selection([member(0), member(0), member(0x800), member(0x800)], OPTIONS);
    assert.deepEqual(selection.serving(new Set([0])), { tier: 0, candidates: [1, 2], count: 2, total: 200 });
    assert.deepEqual(selection.serving(new Set([0]), 1), { tier: 0, candidates: [1], count: 2, total: 200 });
  });

  it('who serves with members taken down, read from the selection, is what scheduling the changed members says', () => {
    // E (0x80) with retries not yet due and force_recovery on or off, so that every way a member is blocked comes up.
    const inError = fc.record({
      lbfactor: fc.integer({ min: 100, max: 10000 }),
      lbset: fc.integer({ min: 0, max: 2 }),
      status: fc.constantFrom(0, 0, 0x20, 0x100, 0x800, 0x04, 0x40, 0x80, 0x80, 0x82, 0x10, 0x400, 0x880, 0x180),
      retry: fc.constantFrom(undefined, 1e12),
    });
    const options = fc.record({ forceRecovery: fc.boolean(), epochSeconds: fc.constantFrom(0, 1_800_000_000) });
    const downs = fc.array(fc.nat(), { minLength: 1, maxLength: 3 });
    // How many candidates are listed: all of them, or the first few (a hover names up to 20).
    const listed = fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined });
    fc.assert(
      fc.property(fc.array(inError, { minLength: 1, maxLength: 8 }), options, downs, listed, (input, settings, picked, first) => {
        const down = new Set(picked.map((index) => index % input.length));
        const serving = new Selection(input, settings).serving(down, first);
        const changed = input.map((member, index) => (down.has(index) ? { ...member, status: member.status | 0x20 } : member));
        const expected = schedule(changed, settings);
        if (!serving) {
          assert.ok(new Selection(input, settings).errorCleared, 'only a cleared error is left to a new schedule');
          return;
        }
        assert.deepEqual(serving, {
          tier: expected.tier,
          candidates: expected.candidates.slice(0, first),
          count: expected.candidates.length,
          total: expected.total,
        });
      }),
      fuzzRuns(1000),
    );
  });

  it('shares sum to 1 over the serving tier, and only candidates have a share', () => {
    fc.assert(
      fc.property(balancer, (input) => {
        const plan = schedule(input, OPTIONS);
        const sum = plan.members.reduce((total, entry) => total + entry.share, 0);
        if (plan.tier === undefined) assert.equal(sum, 0);
        else assert.ok(Math.abs(sum - 1) < 1e-9);
        plan.members.forEach((entry, index) => assert.equal(entry.share > 0, plan.candidates.includes(index)));
        plan.candidates.forEach((index) => assert.equal(input[index]!.lbset, plan.tier));
      }),
      fuzzRuns(500),
    );
  });
});

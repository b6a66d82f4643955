/**
 * The previews of an edited text, made with the schedules of the balancers the edit left alone
 * (core/analysis.ts, previewBalancer's `earlier`), against previews made afresh: over random
 * keystrokes, typing into member values and a clock that moves past members' retry times, the two
 * must give every balancer the same schedule, notes and options.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { generateBalancerHeavy } from '../../../bench/generate';
import { analyze, Analysis, AnalyzeOptions, previewAgain } from '../../../server/src/core/analysis';
import { editedTexts, keystrokes, seedTexts } from '../../fuzz/inputs';
import { FUZZ_SCALE, fuzzRuns } from '../../support/fuzz';

/** Balancers whose schedules hang on member status, lbset, spares, standbys, shared slots, forcerecovery and the clock. */
const STATUSES = `<Proxy balancer://e>
BalancerMember http://e1 status=E retry=100
BalancerMember http://e2 status=+E loadfactor=2 retry=20
</Proxy>
ProxySet balancer://e forcerecovery=Off
<Proxy balancer://e>
BalancerMember http://e3 loadfactor=2 status=E
</Proxy>
<Proxy balancer://t>
BalancerMember http://t1 loadfactor=3 lbset=0
BalancerMember http://t2 status=+H lbset=0
BalancerMember http://t3 status=+R lbset=1
BalancerMember http://t4 status=D
BalancerMember http://t1/ loadfactor=9
BalancerMember http://t5 status=+I lbset=1 loadfactor=4
ProxySet lbmethod=bybusyness stickysession=JSESSIONID
</Proxy>
BalancerMember balancer://o http://o1 loadfactor=2
BalancerMember balancer://o http://o2 status=E
<VirtualHost *:80>
<Proxy balancer://t>
BalancerMember http://v1 loadfactor=2
</Proxy>
</VirtualHost>
`;

/** Two clocks: before and after the retry times above. */
const CLOCKS = [50, 150];

function options(epochSeconds: number): AnalyzeOptions {
  return { path: '/etc/apache2/x.conf', environment: {}, epochSeconds };
}

/** What a preview says, and that it previews the model's own balancer. */
function dumpPreviews(analysis: Analysis): string {
  analysis.previews.forEach((preview, index) => assert.equal(preview.balancer, analysis.model.balancers[index]));
  return JSON.stringify(
    analysis.previews.map(({ lbmethod, simulated, schedule, notes, options }) => ({ lbmethod, simulated, schedule, notes, options })),
  );
}

/** How many of `analysis`' schedules are `earlier`'s own objects, taken over. */
function takenOver(analysis: Analysis, earlier: Analysis): number {
  const schedules = new Set(earlier.previews.map((preview) => preview.schedule));
  return analysis.previews.filter((preview) => schedules.has(preview.schedule)).length;
}

describe('the previews of an edited text', function () {
  this.timeout(120_000 * FUZZ_SCALE);

  it('are the previews made afresh, edit after edit, with the schedules of untouched balancers taken over', () => {
    // The generator's own seed picks which configuration, not the test's randomness.
    const seed = 5;
    const seeds = [...seedTexts().texts, STATUSES, generateBalancerHeavy({ root: '/srv/gen', port: 18_080, lines: 300, seed }).text];
    const counts = { previews: 0, taken: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...seeds),
        keystrokes,
        fc.array(fc.constantFrom(...CLOCKS), { minLength: 8, maxLength: 8 }),
        (start, strokes, clocks) => {
          let analysis = analyze(start, options(clocks[0]!));
          editedTexts(start, strokes).forEach((text, index) => {
            const read = options(clocks[(index + 1) % clocks.length]!);
            const next = analyze(text, read, analysis.tree);
            counts.previews += next.previews.length;
            counts.taken += takenOver(next, analysis);
            assert.equal(dumpPreviews(next), dumpPreviews(analyze(text, read)), `after an edit giving ${JSON.stringify(text)}`);
            analysis = next;
          });
        },
      ),
      fuzzRuns(200),
    );
    assert.ok(counts.taken > 0, `none of ${counts.previews} schedules were taken over`);
  });

  it('are the previews made afresh while member values are typed, deleted and overwritten', () => {
    const counts = { previews: 0, taken: 0 };
    /** Just after each `=` of a member or ProxySet line. */
    const places = (text: string): number[] =>
      [...text.matchAll(/^[ \t]*(?:BalancerMember|ProxySet)[^\n]*$/gm)].flatMap((line) =>
        [...line[0].matchAll(/=/g)].map((equals) => line.index! + equals.index! + 1),
      );
    const stroke = fc.record({
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      kind: fc.constantFrom('type', 'delete', 'overwrite'),
      key: fc.constantFrom('1', '0', 'E', 'H', '+', '-', ' '),
      clock: fc.constantFrom(...CLOCKS),
    });
    fc.assert(
      fc.property(fc.array(stroke, { minLength: 2, maxLength: 12 }), (strokes) => {
        let text = STATUSES;
        let analysis = analyze(text, options(CLOCKS[0]!));
        for (const { at, kind, key, clock } of strokes) {
          const offsets = places(text);
          const offset = offsets[Math.floor(at * offsets.length)]!;
          text =
            kind === 'type'
              ? text.slice(0, offset) + key + text.slice(offset)
              : text.slice(0, offset) + (kind === 'overwrite' ? key : '') + text.slice(offset + 1);
          const next = analyze(text, options(clock), analysis.tree);
          counts.previews += next.previews.length;
          counts.taken += takenOver(next, analysis);
          assert.equal(
            dumpPreviews(next),
            dumpPreviews(analyze(text, options(clock))),
            `after an edit giving ${JSON.stringify(text)} at ${clock}`,
          );
          analysis = next;
        }
      }),
      fuzzRuns(100),
    );
    assert.ok(counts.taken > counts.previews * 0.3, `only ${counts.taken} of ${counts.previews} schedules were taken over`);
  });

  it('makes again, as the clock passes a retry time, only the schedules of balancers with a member in error', () => {
    const before = analyze(STATUSES, options(CLOCKS[0]!));
    const after = previewAgain(before, options(CLOCKS[1]!));
    assert.equal(dumpPreviews(after), dumpPreviews(analyze(STATUSES, options(CLOCKS[1]!))));
    assert.notEqual(dumpPreviews(after), dumpPreviews(before), 'the clock changes no schedule');
    const schedules = new Set(before.previews.map((preview) => preview.schedule));
    assert.deepEqual(
      after.previews.map((preview) => [preview.balancer.name, schedules.has(preview.schedule)]),
      after.previews.map((preview) => [preview.balancer.name, !['balancer://e', 'balancer://o'].includes(preview.balancer.name)]),
    );
  });

  it('makes a schedule again when forcerecovery or members of a second section change, the first kept', () => {
    // At 10 every member of balancer://e is still in error, at 150 none is.
    const edits = [
      ['forcerecovery=Off', 'forcerecovery=On ', 10],
      ['forcerecovery=On ', 'forcerecovery=Off', 10],
      ['http://e3 loadfactor=2', 'http://e3 loadfactor=5', 150],
      ['BalancerMember http://e3', '#alancerMember http://e3', 150],
      ['#alancerMember http://e3', 'BalancerMember http://e3', 150],
    ] as const;
    // A first edit: a model built afresh lends nothing, one built after an edit does.
    let analysis = analyze(`${STATUSES}# typed\n`, options(10), analyze(STATUSES, options(10)).tree);
    for (const [from, to, clock] of edits) {
      const text = analysis.tree.text.replace(from, to);
      const next = analyze(text, options(clock), analysis.tree);
      assert.equal(dumpPreviews(next), dumpPreviews(analyze(text, options(clock))), `after ${to}`);
      assert.notEqual(dumpPreviews(next), dumpPreviews(analyze(analysis.tree.text, options(clock))), `${to} changes no schedule`);
      assert.ok(takenOver(next, analysis) > 0, 'no schedule was taken over');
      analysis = next;
    }
  });
});

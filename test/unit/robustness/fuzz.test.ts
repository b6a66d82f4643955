/**
 * Property-based tests and a fuzz harness over the scanner, reader, model, scheduler, rules and
 * editor features. `npm test` runs about 13,000 inputs (and 5,000 scheduler and sharing cases) from
 * a fixed seed; `npm run fuzz` runs ten times as many from a fresh one (test/support/fuzz.ts: seeds,
 * BALANCER_LENS_FUZZ_SCALE). A failure prints fast-check's seed and the shrunk input;
 * BALANCER_LENS_FUZZ_SEED replays a seed.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze } from '../../../server/src/core/analysis';
import { schedule, picks as pickSequence, SchedulingInput, steps } from '../../../server/src/core/scheduler/byrequests';
import { workerLookupKey, workerUrl } from '../../../server/src/core/model/urls';
import { budgetMs, checkInput, EPOCH, grammarText, largeText, mutatedText, seedTexts, tokenText, workBudget } from '../../fuzz/inputs';
import { workCounter, type WorkCounter } from '../../support/work';
import { FUZZ_SCALE, fuzzCount, fuzzRuns } from '../../support/fuzz';

const offsets = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 });

/** Inputs checked so far, those whose work was counted, and the most work relative to its budget, for the summary line. */
const stats = { inputs: 0, counted: 0, worst: 0, worstText: '' };

/** The work counter (test/support/work.ts), started for the first input it is asked about. */
let counter: WorkCounter | undefined;

/**
 * Checks every invariant on one input, then holds the core's work on it to a budget. The work is
 * counted (blocks of JavaScript run, characters searched), never timed, so the verdict does not depend on the machine's
 * load. Counting costs a few milliseconds an input, so one input in 50 is counted, and every input
 * that took more than a quarter of its CPU-time budget: the clock may add inputs to count, the
 * count decides.
 */
function checkBounded(text: string, at: readonly number[]): void {
  const cpu = checkInput(text, at);
  stats.inputs++;
  if (stats.inputs % 50 !== 0 && cpu <= budgetMs(text) / 4) return;
  counter ??= workCounter('test/fuzz/inputs.ts', 'runInput');
  const { work } = counter.count(text, at);
  stats.counted++;
  const ratio = work / workBudget(text);
  if (ratio > stats.worst) Object.assign(stats, { worst: ratio, worstText: text });
  assert.ok(
    work <= workBudget(text),
    `${work} units of work for ${text.length} characters (budget ${workBudget(text)}): ${JSON.stringify(text.slice(0, 200))}`,
  );
}

describe('fuzz: scanner, reader, model, scheduler, rules and features', function () {
  this.timeout(600_000 * FUZZ_SCALE);
  const seeds = seedTexts();

  after(async () => {
    await counter?.close();
    console.log(
      `      ${stats.inputs} inputs, ${stats.counted} of them counted; the most work used ${(stats.worst * 100).toFixed(1)}% of its budget (${stats.worstText.length} characters)`,
    );
  });

  it(`survives random Apache-ish text (${fuzzCount(6000)} inputs)`, () => {
    fc.assert(fc.property(tokenText, offsets, checkBounded), fuzzRuns(6000));
  });

  it(`survives grammar-built configurations (${fuzzCount(2500)} inputs)`, () => {
    fc.assert(fc.property(grammarText, offsets, checkBounded), fuzzRuns(2500));
  });

  it(`survives mutations of ${seeds.texts.length} seed files, ${seeds.corpusFiles} of them from the real-world corpus (${fuzzCount(2500)} inputs)`, () => {
    fc.assert(fc.property(mutatedText(seeds.texts), offsets, checkBounded), fuzzRuns(2500));
  });

  it(`survives seed files and generated blocks run together, then edited (${fuzzCount(400)} inputs of tens of kilobytes)`, () => {
    fc.assert(fc.property(largeText(seeds.texts), offsets, checkBounded), fuzzRuns(400));
  });

  it('reads every seed file unmutated', () => {
    for (const text of seeds.texts) checkBounded(text, [0, 0.5, 1]);
  });

  it(`survives text of any UTF-16 code units, lone surrogates included (${fuzzCount(500)} inputs)`, () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 300 }),
        offsets,
        checkBounded,
      ),
      fuzzRuns(500),
    );
  });
});

describe('fuzz: scheduler properties', function () {
  this.timeout(60_000 * FUZZ_SCALE);
  const member = fc.record({
    lbfactor: fc.integer({ min: 1, max: 10_000 }),
    lbset: fc.integer({ min: 0, max: 99 }),
    status: fc.integer({ min: 0, max: 0x3fff }),
    retry: fc.option(fc.integer({ min: 0, max: 2_000_000_000 }), { nil: undefined }),
  });
  const options = fc.record({ forceRecovery: fc.boolean(), epochSeconds: fc.constantFrom(0, 60, EPOCH) });

  it('shares sum to 1 or 0, only candidates are picked, and a cycle returns every lbstatus to 0', () => {
    fc.assert(
      fc.property(fc.array(member, { maxLength: 30 }), options, (input: SchedulingInput[], settings) => {
        const plan = schedule(input, settings);
        const sum = plan.members.reduce((total, entry) => total + entry.share, 0);
        assert.ok(plan.tier === undefined ? sum === 0 : Math.abs(sum - 1) < 1e-9, `sum ${sum}`);
        const candidates = new Set(plan.candidates);
        assert.equal(candidates.size, plan.candidates.length);
        for (const index of plan.candidates) assert.ok(index >= 0 && index < input.length);
        const count = Math.min(plan.cycleLength, 3000);
        const picked = pickSequence(input, plan, count);
        assert.equal(picked.length, plan.candidates.length === 0 ? 0 : count);
        for (const index of picked) assert.ok(candidates.has(index));
        if (plan.cycleLength > 0 && plan.cycleLength <= 3000) {
          const g = plan.total / plan.cycleLength;
          for (const index of plan.candidates) assert.equal(picked.filter((pick) => pick === index).length, input[index]!.lbfactor / g);
        }
      }),
      fuzzRuns(2000),
    );
  });
});

describe("fuzz: picks match Apache's request loop", function () {
  this.timeout(60_000 * FUZZ_SCALE);
  // mod_lbmethod_byrequests, literally: every request raises each candidate's lbstatus by its
  // lbfactor, takes the first candidate with the highest lbstatus and lowers it by the total.
  function apacheLoop(factors: readonly number[], count: number): { picks: number[]; lbstatus: number[][] } {
    const total = factors.reduce((sum, factor) => sum + factor, 0);
    const lbstatus = factors.map(() => 0);
    const result = { picks: [] as number[], lbstatus: [] as number[][] };
    for (let request = 0; request < count; request++) {
      let best = 0;
      for (let i = 0; i < factors.length; i++) {
        lbstatus[i]! += factors[i]!;
        if (lbstatus[i]! > lbstatus[best]!) best = i;
      }
      lbstatus[best]! -= total;
      result.picks.push(best);
      result.lbstatus.push([...lbstatus]);
    }
    return result;
  }

  it('gives the same picks and lbstatus as the loop, ties and equal loadfactors included', () => {
    // Few distinct loadfactors make ties common; many candidates and picks make many pick counts.
    const factors = fc.oneof(
      fc.array(fc.constantFrom(100, 200, 300, 5000), { minLength: 1, maxLength: 40 }),
      fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 200 }),
    );
    fc.assert(
      fc.property(factors, fc.integer({ min: 0, max: 600 }), (lbfactors: number[], count: number) => {
        const input: SchedulingInput[] = lbfactors.map((lbfactor) => ({ lbfactor, lbset: 0, status: 0, retry: undefined }));
        const plan = schedule(input, { forceRecovery: true, epochSeconds: EPOCH });
        const expected = apacheLoop(lbfactors, count);
        assert.deepEqual(pickSequence(input, plan, count), expected.picks);
        const stepped = steps(input, plan, Math.min(count, 50));
        assert.deepEqual(
          stepped.map((step) => step.pick),
          expected.picks.slice(0, 50),
        );
        assert.deepEqual(
          stepped.map((step) => step.lbstatus),
          expected.lbstatus.slice(0, 50),
        );
      }),
      fuzzRuns(500),
    );
  });
});

describe('fuzz: worker sharing matches a plain scan of every member', function () {
  this.timeout(60_000 * FUZZ_SCALE);
  // The model finds a shared member through an index; this is ap_proxy_get_worker_ex's plain scan.
  function naiveShared(names: readonly string[], url: string): number | undefined {
    const lookup = workerLookupKey(url);
    if (!lookup) return undefined;
    let best: number | undefined;
    names.forEach((name, index) => {
      if (name.length >= lookup.minMatch && lookup.key.startsWith(name) && (best === undefined || name.length > names[best]!.length))
        best = index;
    });
    return best;
  }
  const url = fc
    .tuple(
      fc.constantFrom('http://', 'HTTP://', 'ajp://', 'unix:/s|http://', 'http://u@'),
      fc.constantFrom('h', 'H', 'h:80', 'h:8080', 'h.', '[::1]', '[::1]:80', ''),
      fc.constantFrom('', '/', '/a', '/a/', '/ab', '/a/b', '?q', '#f', '/A'),
    )
    .map((parts) => parts.join(''));

  it('assigns each BalancerMember line to the member Apache would share it with', () => {
    fc.assert(
      fc.property(fc.array(url, { maxLength: 12 }), (urls) => {
        const text = `<Proxy balancer://b>\n${urls.map((each) => `BalancerMember "${each}"`).join('\n')}\n</Proxy>\n`;
        const members = analyze(text, { epochSeconds: EPOCH }).model.balancers[0]?.members ?? [];
        const names: string[] = [];
        const owners: (string | undefined)[] = [];
        for (const each of urls) {
          const shared = naiveShared(names, each);
          if (shared !== undefined) owners.push(names[shared]);
          else {
            const parsed = workerUrl(each);
            if ('error' in parsed) continue;
            names.push(parsed.name);
            owners.push(undefined);
          }
        }
        assert.deepEqual(
          members.map((member) => member.name),
          names,
        );
        const sharedBy = members.flatMap((member) =>
          member.sharedBy.map((declaration) => ({ at: declaration.url.start, name: member.name })),
        );
        assert.deepEqual(
          sharedBy.sort((a, b) => a.at - b.at).map((entry) => entry.name),
          owners.filter((owner) => owner !== undefined),
        );
      }),
      fuzzRuns(3000),
    );
  });
});

/**
 * A fuzz of `--fix` over the fuzz tests' inputs (test/fuzz/inputs.ts): mutated seed files,
 * grammar-built configurations and random Apache-ish text. Two properties:
 * - each rule's safe fix, applied alone, removes its finding, keeps the line breaks, and never
 *   makes Apache refuse a line it accepted: an error may only appear on a line that already had
 *   one (the directive behind a byte order mark) or below a fixed error, where Apache, which stops
 *   at the first error, never read;
 * - the passes `--fix` runs (`confirmFixes`, re-analysis included) never end with an error that
 *   was not there before, and what they return is what linting the fixed text gives.
 * Seeded and scaled like every property (test/support/fuzz.ts); `npm run fuzz` runs it from fresh seeds.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applySafeFixes, confirmFixes, safeFixOf } from '../../server/src/cli/fix';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import type { Diagnostic } from '../../server/src/core/rules/types';
import { RULES } from '../../server/src/core/rules';
import { logicalLines } from '../../server/src/core/syntax/lines';
import { EPOCH, grammarText, mutatedText, seedTexts, tokenText } from '../fuzz/inputs';
import { FUZZ_SCALE, fuzzCount, fuzzRuns } from '../support/fuzz';

function lintText(text: string): Diagnostic[] {
  return lint(analyze(text, { epochSeconds: EPOCH, environment: {} }));
}

/** Stand-in rules turned off: a stand-in (an unrendered template's note) hides errors Apache still refuses. */
const UNHIDDEN = { rules: Object.fromEntries(RULES.filter((rule) => rule.standsInFor).map((rule) => [rule.id, 'off' as const])) };

/** The errors Apache refuses the text with, those a stand-in hides included. */
function errorsOf(text: string): Diagnostic[] {
  return lint(analyze(text, { epochSeconds: EPOCH, environment: {} }), UNHIDDEN).filter(isError);
}

const isError = (diagnostic: Diagnostic): boolean => diagnostic.severity === 'error';
const keyOf = (diagnostic: Diagnostic): string => `${diagnostic.ruleId}: ${diagnostic.message}`;

function counts(diagnostics: readonly Diagnostic[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const diagnostic of diagnostics) result.set(keyOf(diagnostic), (result.get(keyOf(diagnostic)) ?? 0) + 1);
  return result;
}

/** The physical line (counted in \n) an offset is on; safe fixes never add or remove a line break. */
function physicalLine(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) breaks.push(at);
  return (offset) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The physical lines of every logical line (continuations joined) that holds an error: the lines Apache refuses. */
function refusedLines(text: string, errors: readonly Diagnostic[]): Set<number> {
  const lineOf = physicalLine(text);
  const logical = [...logicalLines(text)];
  const refused = new Set<number>();
  for (const error of errors) {
    const line =
      logical.find((each) => each.start <= error.span.start && error.span.start < Math.max(each.end, each.start + 1)) ?? logical.at(-1);
    if (!line) continue;
    for (let physical = lineOf(line.start); physical <= lineOf(Math.max(line.start, line.end - 1)); physical++) refused.add(physical);
  }
  return refused;
}

/** The line-break characters of a text, as a multiset: a fix that moves a line (proxypass-order) may reorder them, never add or remove one. */
const newlines = (text: string): string => [...text.replace(/[^\r\n]/g, '')].sort().join('');

/** Text that the rules with safe fixes flag, to splice into the inputs so that most carry a fix. */
const FIXABLE = [
  'loadfactor="2"',
  ' loadfactor="30"',
  'balnacer://',
  'balancers://',
  'balancer:/',
  'lbmethod=ByRequests',
  'lbmethod=BYTRAFFIC',
  '# note \\\n',
  '\uFEFF',
  'ProxyPass /api/ balancer://shop',
  'ProxyPass /app balancer://shop/',
  'ProxyPassReverse /api balancer://shop',
  'stickysession=JSESSIONID',
  'Header add Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e; path=/"',
  'ProxySet stickysession=ROUTEID',
  'lbfactor=2',
  'LoadFactor=3',
];

/** A seed, grammar or random text with fixable text spliced in at a few places. */
function fixableText(seeds: readonly string[]): fc.Arbitrary<string> {
  const base = fc.oneof(mutatedText(seeds), grammarText, tokenText);
  const splice = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...FIXABLE), fc.boolean());
  return fc.tuple(base, fc.array(splice, { minLength: 1, maxLength: 4 })).map(([text, splices]) =>
    splices.reduce((result, [where, snippet, isLine]) => {
      // At a line start (a new line of its own) or anywhere.
      const at = isLine ? result.lastIndexOf('\n', Math.floor(where * result.length)) + 1 : Math.floor(where * result.length);
      return result.slice(0, at) + snippet + (isLine ? '\n' : '') + result.slice(at);
    }, text),
  );
}

/** What the fuzz saw, for the summary line. */
const stats = { texts: 0, fixes: 0, confirmed: 0, refused: 0 };

function checkEachFix(text: string): void {
  stats.texts++;
  const before = lintText(text);
  const errorsBefore = errorsOf(text);
  const refused = refusedLines(text, errorsBefore);
  for (const diagnostic of before) {
    if (!safeFixOf(diagnostic)) continue;
    stats.fixes++;
    const fixed = applySafeFixes(text, [diagnostic]).text;
    const context = `${diagnostic.ruleId}'s fix of ${JSON.stringify(text.slice(diagnostic.span.start, diagnostic.span.end))} turned ${JSON.stringify(text.slice(0, 300))} into ${JSON.stringify(fixed.slice(0, 300))}`;
    assert.equal(newlines(fixed), newlines(text), `a safe fix adds or removes a line break: ${context}`);
    const after = lintText(fixed);
    const errorsAfter = errorsOf(fixed);
    // Still there: the same rule and message at the same place (a fix's edits start at or after it).
    const isStillThere = after.some(
      (other) => other.ruleId === diagnostic.ruleId && other.span.start === diagnostic.span.start && other.message === diagnostic.message,
    );
    assert.ok(!isStillThere, `the finding is still there: ${context}`);
    // An error more often than before must be on a line Apache already refused (a moved line keeps
    // its errors), or below the error fixed: Apache stops at the first error, so it never read those.
    const lineAfter = physicalLine(fixed);
    const unread = isError(diagnostic) ? physicalLine(text)(diagnostic.span.start) : Infinity;
    const countsBefore = counts(errorsBefore);
    for (const [key, count] of counts(errorsAfter)) {
      if (count <= (countsBefore.get(key) ?? 0)) continue;
      for (const error of errorsAfter.filter((each) => keyOf(each) === key)) {
        const line = lineAfter(error.span.start);
        assert.ok(refused.has(line) || line >= unread, `a new error on a line Apache accepted, ${key}: ${context}`);
      }
    }
  }
}

function checkConfirmed(text: string): void {
  const key = 'fuzzed.conf';
  const lintWith = (texts: ReadonlyMap<string, string>): Map<string, { diagnostics: Diagnostic[] }> =>
    new Map([[key, { diagnostics: lintText(texts.get(key)!) }]]);
  const linted = lintWith(new Map([[key, text]]));
  const result = confirmFixes([{ key, path: key, shown: key, text, isWritable: true }], linted, lintWith);
  const final = result.texts.get(key)!;
  const errorsBefore = counts(linted.get(key)!.diagnostics.filter(isError));
  const after = lintText(final);
  for (const [error, count] of counts(after.filter(isError))) {
    assert.ok(
      count <= (errorsBefore.get(error) ?? 0),
      `--fix introduced ${error}: ${JSON.stringify(text.slice(0, 300))} became ${JSON.stringify(final.slice(0, 300))}`,
    );
  }
  assert.deepEqual(result.linted.get(key)!.diagnostics, after, 'the findings returned are not those of the fixed text');
  if (final !== text) stats.confirmed++;
  stats.refused += result.refused.get(key) ?? 0;
}

describe('fuzz: --fix never introduces an error', function () {
  this.timeout(600_000 * FUZZ_SCALE);
  const seeds = seedTexts();

  after(() => {
    console.log(
      `      ${stats.texts} texts, ${stats.fixes} safe fixes checked one by one; ${stats.confirmed} texts changed by --fix's passes, ${stats.refused} fixes refused by re-analysis`,
    );
  });

  it(`each rule's safe fix, alone, on mutated seed files (${fuzzCount(1500)} inputs)`, () => {
    fc.assert(fc.property(mutatedText(seeds.texts), checkEachFix), fuzzRuns(1500));
  });

  it(`each rule's safe fix, alone, on grammar-built and random text (${fuzzCount(1500)} inputs)`, () => {
    fc.assert(fc.property(fc.oneof(grammarText, tokenText), checkEachFix), fuzzRuns(1500));
  });

  it(`each rule's safe fix, alone, on texts with fixable lines spliced in (${fuzzCount(1500)} inputs)`, () => {
    fc.assert(fc.property(fixableText(seeds.texts), checkEachFix), fuzzRuns(1500));
  });

  it(`every rule's fixes together, as --fix applies and confirms them (${fuzzCount(1500)} inputs)`, () => {
    fc.assert(fc.property(fc.oneof(mutatedText(seeds.texts), fixableText(seeds.texts)), checkConfirmed), fuzzRuns(1500));
  });

  it("every rule's documented bad example is fixed without a new error", () => {
    for (const text of seeds.texts) {
      checkEachFix(text);
      checkConfirmed(text);
    }
  });
});

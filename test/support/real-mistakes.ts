/**
 * The collected real-world mistakes of one rule, `test/real-mistakes/<rule-id>/NN-name.{bad,good}.conf`:
 * `balancer-lens lint` must find the rule on each bad file and report no warning or error on its
 * corrected twin.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintJson } from './cli';

/** Where the collections live. */
export const REAL_MISTAKES_DIR = join(__dirname, '../real-mistakes');

/** The `NN-name` stems of a rule's collected cases, each with a `.bad.conf` and a `.good.conf`. */
export function realMistakeCases(ruleId: string): string[] {
  const files = readdirSync(join(REAL_MISTAKES_DIR, ruleId));
  return files
    .filter((file) => file.endsWith('.bad.conf'))
    .map((file) => file.slice(0, -'.bad.conf'.length))
    .sort();
}

/** Registers one test per collected case of `ruleId` (at least `minimum` of them, each commented with its source). */
export function realMistakeTests(ruleId: string, minimum = 4): void {
  const cases = realMistakeCases(ruleId);
  describe(`real mistakes: ${ruleId}`, () => {
    it(`has at least ${minimum} cases, each a bad/good pair saying where it comes from`, () => {
      assert.ok(cases.length >= minimum, `${cases.length} cases`);
      for (const stem of cases) {
        for (const kind of ['bad', 'good']) {
          const text = readFileSync(join(REAL_MISTAKES_DIR, ruleId, `${stem}.${kind}.conf`), 'utf8');
          assert.match(text, /^#.*\S/m, `${stem}.${kind}.conf needs a comment line with its source and symptom`);
        }
      }
    });
    for (const stem of cases) {
      it(`${stem}: lint finds ${ruleId} on the bad file and nothing on the corrected one`, () => {
        const dir = join(REAL_MISTAKES_DIR, ruleId);
        const bad = lintJson([join(dir, `${stem}.bad.conf`)]).results.flatMap((file) => file.messages);
        assert.ok(
          bad.some((message) => message.ruleId === ruleId),
          `no ${ruleId} in: ${bad.map((message) => message.ruleId).join(', ')}`,
        );
        const good = lintJson([join(dir, `${stem}.good.conf`)]).results.flatMap((file) => file.messages);
        assert.deepEqual(
          good.filter((message) => message.level !== 'info').map((message) => `${message.ruleId}: ${message.message}`),
          [],
        );
      });
    }
  });
}

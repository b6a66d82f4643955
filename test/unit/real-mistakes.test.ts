// The real-world mistakes under test/real-mistakes/<rule-id>/: `balancer-lens lint` must find the rule on
// every NN-name.bad.conf and report no warning or error on its NN-name.good.conf.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintJson } from '../support/cli';

const ROOT = join(__dirname, '../real-mistakes');

describe('real mistakes', () => {
  for (const ruleId of readdirSync(ROOT).sort()) {
    const files = readdirSync(join(ROOT, ruleId)).sort();
    it(`${ruleId} has at least four bad/good pairs, each saying where it comes from`, () => {
      const bad = files.filter((file) => file.endsWith('.bad.conf'));
      assert.ok(bad.length >= 4, `${bad.length} cases`);
      for (const file of bad) assert.ok(files.includes(file.replace('.bad.conf', '.good.conf')), `${file} has no .good.conf`);
      for (const file of files.filter((name) => name.endsWith('.conf'))) {
        const text = readFileSync(join(ROOT, ruleId, file), 'utf8');
        assert.match(text, /^#.*\S/m, `${file} needs a comment line with its source and symptom`);
      }
    });
    for (const file of files) {
      const path = join(ROOT, ruleId, file);
      if (file.endsWith('.bad.conf')) {
        it(`${ruleId}/${file}: finds ${ruleId}`, () => {
          const messages = lintJson([path]).results.flatMap((result) => result.messages);
          assert.ok(
            messages.some((message) => message.ruleId === ruleId),
            JSON.stringify(messages.map((message) => message.ruleId)),
          );
        });
      } else if (file.endsWith('.good.conf')) {
        it(`${ruleId}/${file}: no warning or error`, () => {
          const messages = lintJson([path]).results.flatMap((result) => result.messages);
          const serious = messages.filter((message) => message.level !== 'info');
          assert.deepEqual(
            serious.map((message) => `${message.ruleId}: ${message.message}`),
            [],
          );
        });
      }
    }
  }
});

// Messages people read (CONTRIBUTING.md "Adding a rule", issue 13): every finding on the fixtures, the real-world
// mistakes and every rule's bad example is one sentence of at most 120 characters, with each value
// quoted once; Apache's own words travel apart, in apacheMessage.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { RULES } from '../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../server/src/core/rules/examples';
import { lintJson } from '../support/cli';
import { assertReadableMessage, lintText } from '../support/rules';

const ROOT = join(__dirname, '../..');

/** Every message of `lint --format json` over `paths`, with where it comes from. */
function messagesOf(paths: readonly string[]): { readonly where: string; readonly message: string; readonly apacheMessage?: string }[] {
  return lintJson([...paths]).results.flatMap((file) =>
    file.messages.map((message) => ({
      where: `${file.filePath}:${message.line} [${message.ruleId}]`,
      message: message.message,
      ...(message.apacheMessage === undefined ? {} : { apacheMessage: message.apacheMessage }),
    })),
  );
}

/** Asserts the message reads as CONTRIBUTING.md asks, naming where it comes from when it does not. */
function checkReadable(where: string, message: string): void {
  try {
    assertReadableMessage(message);
  } catch (error) {
    assert.fail(`${where}: ${(error as Error).message}`);
  }
}

describe('messages people read', () => {
  for (const folder of ['test/fixtures/lint', 'test/fixtures/tree', 'test/real-mistakes', 'examples']) {
    it(`every message on ${folder} is one sentence of at most 120 characters, each value quoted once`, () => {
      const found = messagesOf([join(ROOT, folder)]);
      assert.ok(found.length > 0, `no findings in ${folder}: the test would check nothing`);
      for (const { where, message } of found) checkReadable(where, message);
    });
  }

  it("every rule's bad example gives readable messages, and Apache's words never repeat inside them", () => {
    for (const rule of RULES) {
      const findings = lintText(RULE_EXAMPLES[rule.id].bad, { path: '/etc/apache2/example.conf', files: {} });
      for (const finding of findings) {
        checkReadable(`${rule.id}'s bad example [${finding.ruleId}]`, finding.message);
        if (finding.apacheMessage !== undefined)
          assert.ok(!finding.message.includes(finding.apacheMessage), `${finding.ruleId} repeats Apache's words: ${finding.message}`);
      }
    }
  });

  it("the fixtures' refusals carry Apache's words apart from the message", () => {
    const found = messagesOf([join(ROOT, 'test/fixtures/lint')]);
    const quoted = found.find((entry) => entry.where.includes('quoted.conf') && entry.where.includes('[invalid-loadfactor]'));
    assert.ok(quoted, JSON.stringify(found));
    assert.equal(quoted.message, 'loadfactor "2" keeps its quotes, so Apache sees no number: drop them, or quote the whole key=value word');
    assert.equal(quoted.apacheMessage, 'BalancerMember LoadFactor must be a number between 1..100');
  });
});

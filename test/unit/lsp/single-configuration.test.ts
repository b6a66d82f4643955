/**
 * A document that no other file can read is its workspace's whole configuration set: answering it
 * from its own set must not assemble the same set again in the background (each keystroke in a
 * large single configuration was analysed and linted twice).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentStates, QUIET_MS } from '../../../server/src/lsp/documents';
import { DEFAULT_SETTINGS } from '../../../server/src/lsp/settings';
import { tempDir } from '../../support/temp';

/** A configuration larger than what a document waits for the whole workspace to analyse (128 K characters). */
function large(name: string): string {
  const lines = [`<Proxy balancer://${name}>`];
  for (let member = 0; member < 8_000; member++) lines.push(`BalancerMember http://10.0.${member >> 8}.${member & 255}:8080`);
  lines.push('</Proxy>', `ProxyPass /${name}/ balancer://${name}/`, '');
  return lines.join('\n');
}

/** Lets the background analysis run its first slice if one was scheduled (it starts QUIET_MS and 10 ms after the next turn). */
function backgroundTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setTimeout(resolve, QUIET_MS + 100)));
}

/** The states of the one open document `documentOf` gives, in the workspace `root`, counting how often they are busy. */
function countedStates(root: string, documentOf: () => TextDocument): { states: DocumentStates; times: () => number } {
  let times = 0;
  const states = new DocumentStates(
    () => DEFAULT_SETTINGS,
    () => [documentOf()],
    () => [root],
    (message) => assert.fail(message),
    () => undefined,
    { kind: 'full', busy: (isBusy) => void (isBusy && times++) },
  );
  return { states, times: () => times };
}

/** How many times `states` is busy for the first answer about `open`: once for the answer, and once per slice of a background assembly. */
async function busyTimes(root: string, open: string): Promise<number> {
  const document = TextDocument.create(pathToFileURL(join(root, open)).toString(), 'apacheconf', 1, large('open'));
  const { states, times } = countedStates(root, () => document);
  assert.ok(!('oversized' in states.get(document)));
  await backgroundTurn();
  return times();
}

describe('editor: a single configuration', () => {
  it('is assembled once for an answer: its own set is the whole workspace', async () => {
    const root = tempDir('balancer-lens-single-');
    writeFileSync(join(root, 'only.conf'), large('open'));
    assert.equal(await busyTimes(root, 'only.conf'), 1);
  });

  it('beside a file of another configuration, the whole set waits for a pause in changes', async () => {
    const root = tempDir('balancer-lens-single-quiet-');
    writeFileSync(join(root, 'other.conf'), large('other'));
    let document = TextDocument.create(pathToFileURL(join(root, 'open.conf')).toString(), 'apacheconf', 1, large('open'));
    const { states, times } = countedStates(root, () => document);
    // Typing: a change every half quiet period, each answered at once from the document's own set.
    for (let version = 2; version <= 5; version++) {
      assert.ok(!('oversized' in states.get(document)));
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 2));
      document = TextDocument.create(document.uri, 'apacheconf', version, `${document.getText()}# ${version}\n`);
      states.touch();
    }
    assert.equal(times(), 4, 'the whole set was assembled while the document kept changing');
    assert.ok(!('oversized' in states.get(document)));
    await backgroundTurn();
    assert.ok(times() >= 6, `busy ${times()} times: no background assembly once the changes paused`);
  });

  it('beside a file of another configuration, the whole set is still assembled in the background', async () => {
    const root = tempDir('balancer-lens-single-beside-');
    writeFileSync(join(root, 'open.conf'), large('open'));
    writeFileSync(join(root, 'other.conf'), large('other'));
    assert.ok((await busyTimes(root, 'open.conf')) >= 2);
  });
});

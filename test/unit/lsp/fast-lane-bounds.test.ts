/**
 * The fast lane's bounds (lsp/documents.ts StatesMode `quick`): it answers a document whose own
 * configuration costs little, exactly as the worker does, and gives up (OverBudget) on text over
 * its size bound and on reading that grows past its work bound (macros, includes), whatever the clock.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentStates, OverBudget, StatesMode } from '../../../server/src/lsp/documents';
import { DEFAULT_SETTINGS } from '../../../server/src/lsp/settings';
import { tempDir } from '../../support/temp';

const SMALL = '<Proxy balancer://small>\nBalancerMember http://a loadfactor=0\n</Proxy>\nProxyPass / balancer://small/\n';

/** The fast lane's bounds, but a clock that never runs out: only the size and the work bound can stop it. */
const QUICK: StatesMode = { kind: 'quick', maxSize: 64 * 1024, maxWork: 16, budgetMs: 600_000 };

/** One balancer of `members` members: about 30 bytes a line. */
function balancer(name: string, members: number): string {
  const lines = [`<Proxy balancer://${name}>`];
  for (let member = 0; member < members; member++) lines.push(`BalancerMember http://10.0.${member >> 8}.${member & 255}`);
  lines.push('</Proxy>', '');
  return lines.join('\n');
}

/** Issue #24's thirty nested macros, each using the previous one twice (1.5 KB). */
function doublingMacros(): string {
  const macros = Array.from({ length: 30 }, (_, i) => `<Macro M${i + 1}>\nUse M${i}\nUse M${i}\n</Macro>\n`).join('');
  return `<Macro M0>\nBalancerMember http://a loadfactor=0\n</Macro>\n${macros}<Proxy balancer://x>\nUse M30\n</Proxy>\n`;
}

/** Open documents `texts` (by file name, written to a folder too) and the states of a `mode`, with balancerLens.limits.maxSize `maxSize` bytes. */
function open(
  texts: Readonly<Record<string, string>>,
  mode?: StatesMode,
  maxSize = DEFAULT_SETTINGS.limits.size,
): { states: DocumentStates; document: (name: string) => TextDocument } {
  const root = tempDir('balancer-lens-fast-lane-');
  const documents = new Map(
    Object.entries(texts).map(([name, text]) => {
      writeFileSync(join(root, name), text);
      return [name, TextDocument.create(pathToFileURL(join(root, name)).toString(), 'apacheconf', 1, text)];
    }),
  );
  const settings = { ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, size: maxSize } };
  const states = new DocumentStates(
    () => settings,
    () => [...documents.values()],
    () => [],
    (message) => assert.fail(message),
    undefined,
    mode,
  );
  return { states, document: (name) => documents.get(name)! };
}

/** The codes of a document's findings, or 'declined' when the states give up on it. */
function answer(states: DocumentStates, document: TextDocument): string {
  try {
    const state = states.get(document);
    assert.ok(!('oversized' in state));
    return state.diagnostics.map((diagnostic) => diagnostic.ruleId).join(' ');
  } catch (error) {
    if (error instanceof OverBudget) return 'declined';
    throw error;
  }
}

describe('editor: the fast lane answers only what costs little', () => {
  it('answers a small file beside a large one, as the worker does', () => {
    const texts = { 'small.conf': SMALL, 'big.conf': balancer('big', 20_000) };
    const quick = open(texts, QUICK);
    const full = open(texts);
    assert.equal(answer(quick.states, quick.document('small.conf')), answer(full.states, full.document('small.conf')));
    assert.match(answer(quick.states, quick.document('small.conf')), /zero-loadfactor/);
  });

  it('gives up on a file over its size bound, and on it again until the next change', () => {
    const { states, document } = open({ 'big.conf': balancer('big', 3_000) }, QUICK);
    assert.equal(answer(states, document('big.conf')), 'declined');
    assert.equal(answer(states, document('big.conf')), 'declined');
  });

  it('gives up on thirty doubling macros (1.5 KB) once their expansion passes its work bound', () => {
    const { states, document } = open({ 'macros.conf': doublingMacros() }, QUICK);
    assert.equal(answer(states, document('macros.conf')), 'declined');
  });

  it('answers a document over balancerLens.limits.maxSize with its message, starting no analysis', () => {
    // No work at all is allowed: an analysis begun (and then thrown away) would give up instead of answering.
    const { states, document } = open(
      { 'big.conf': balancer('big', 3_000) },
      { kind: 'quick', maxSize: 0, maxWork: 0, budgetMs: 600_000 },
      1000,
    );
    const state = states.get(document('big.conf'));
    assert.ok('oversized' in state);
    assert.match(
      state.oversized,
      /^this file is 0\.1 MB, more than the 0\.0 MB balancer-lens analyses in the editor, so it is not analysed/,
    );
  });

  it('gives up on a small file whose include is large', () => {
    const root = tempDir('balancer-lens-fast-lane-include-');
    writeFileSync(join(root, 'members.conf'), balancer('big', 40_000));
    const { states, document } = open({ 'apache2.conf': `Include ${join(root, 'members.conf')}\n${SMALL}` }, QUICK);
    assert.equal(answer(states, document('apache2.conf')), 'declined');
  });
});

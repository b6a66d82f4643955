/**
 * The server answers a request about a small file while a large configuration is being analysed:
 * the analysis runs in a worker thread, and a request that would wait behind it is answered in the
 * server's main thread from the small file's own configuration (lsp/fast-lane.ts). Before, a hover
 * waited for the whole analysis (about 1.5 s for a configuration near the 2 MB size limit).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateBalancerHeavy } from '../../../bench/generate';
import { startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const SMALL = '<Proxy balancer://small>\nBalancerMember http://a loadfactor=0\n</Proxy>\nProxyPass / balancer://small/\n';

/** A balancer-heavy configuration just under the editor's 2 MB size limit. */
function nearTheLimit(root: string): string {
  const target = 1.9 * 1024 * 1024;
  const sample = generateBalancerHeavy({ lines: 1_000, seed: 24, root, port: 8080 });
  return generateBalancerHeavy({ lines: Math.floor((1_000 * target) / sample.text.length), seed: 24, root, port: 8080 }).text;
}

/** Issue #24's thirty nested macros, each using the previous one twice (1.5 KB; expanded up to the line bound, about 3 s of analysis). */
function doublingMacros(): string {
  const macros = Array.from({ length: 30 }, (_, i) => `<Macro M${i + 1}>\nUse M${i}\nUse M${i}\n</Macro>\n`).join('');
  return `<Macro M0>\nBalancerMember http://a loadfactor=0\n</Macro>\n${macros}<Proxy balancer://x>\nUse M30\n</Proxy>\n`;
}

/**
 * Opens a small file, then a large one; asks for the large file's outline (its analysis is under way
 * when the next request arrives) and a hover on the small file. Returns the order of the answers.
 */
async function answerOrder(large: (root: string) => string): Promise<string[]> {
  const root = tempDir('balancer-lens-responsive-');
  const bigPath = join(root, 'big.conf');
  const smallPath = join(root, 'small.conf');
  const bigText = large(root);
  writeFileSync(bigPath, bigText);
  writeFileSync(smallPath, SMALL);
  const session = await startSession({ pullSettings: true, configuration: () => ({}) });
  try {
    await session.configurationAsked();
    const big = pathToFileURL(bigPath).toString();
    const small = pathToFileURL(smallPath).toString();
    const events: string[] = [];
    session.open(small, SMALL);
    await session.diagnostics(small, 1);
    session.open(big, bigText);
    const bigDiagnostics = session.diagnostics(big, 1).then((published) => {
      events.push('large file diagnostics');
      return published;
    });
    const symbols = session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: big } }).then((answer) => {
      events.push('large file symbols');
      return answer;
    });
    const hover = session.connection
      .sendRequest('textDocument/hover', { textDocument: { uri: small }, position: { line: 0, character: 12 } })
      .then((answer) => {
        events.push('small file hover');
        return answer;
      });
    const [hovered, listed, published] = await Promise.all([hover, symbols, bigDiagnostics]);
    assert.ok(JSON.stringify(hovered).includes('//small**'), JSON.stringify(hovered));
    assert.ok(Array.isArray(listed) && listed.length > 0, JSON.stringify(listed).slice(0, 200));
    assert.ok(published.diagnostics.length > 0);
    return events;
  } finally {
    session.stop();
  }
}

describe('editor: a small file is answered while a large configuration is analysed', function () {
  this.timeout(120_000);

  // Events, not a clock: the hover did not wait for the large file's analysis.
  it('a hover on the small file comes before the answers about a 1.9 MB configuration', async () => {
    const events = await answerOrder(nearTheLimit);
    assert.equal(events[0], 'small file hover', events.join(', '));
  });

  it('a hover on the small file comes before the answers about thirty doubling macros', async () => {
    const events = await answerOrder(doublingMacros);
    assert.equal(events[0], 'small file hover', events.join(', '));
  });
});

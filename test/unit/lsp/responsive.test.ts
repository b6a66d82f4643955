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
function large(root: string): string {
  const target = 1.9 * 1024 * 1024;
  const sample = generateBalancerHeavy({ lines: 1_000, seed: 24, root, port: 8080 });
  return generateBalancerHeavy({ lines: Math.floor((1_000 * target) / sample.text.length), seed: 24, root, port: 8080 }).text;
}

describe('editor: a small file is answered while a large configuration is analysed', function () {
  this.timeout(120_000);

  it('a hover on the small file is answered before the large file is', async () => {
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
      // A request about the large file: its analysis is under way when the hover arrives.
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
      assert.ok(Array.isArray(listed) && listed.length > 1_000, `${Array.isArray(listed) ? listed.length : 'no'} symbols`);
      assert.ok(published.diagnostics.length > 0);
      // Events, not a clock: the hover did not wait for the large file's analysis.
      assert.deepEqual(events, ['small file hover', ...events.filter((event) => event !== 'small file hover')]);
    } finally {
      session.stop();
    }
  });
});

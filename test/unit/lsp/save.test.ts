/**
 * A save analyses again only the configurations whose files changed: the others keep their
 * analyses (after a save the whole workspace was analysed again, every large configuration with it).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentStates } from '../../../server/src/lsp/documents';
import { DEFAULT_SETTINGS } from '../../../server/src/lsp/settings';
import { tempDir } from '../../support/temp';

const site = (name: string, member: string): string =>
  `<Proxy balancer://${name}>\nBalancerMember http://${member}\n</Proxy>\nProxyPass /${name}/ balancer://${name}/\n`;

describe('editor: saving a file', () => {
  it('analyses again the configuration of the file saved, and no other', () => {
    const root = tempDir('balancer-lens-save-');
    const texts: Record<string, string> = { 'a.conf': site('a', 'one'), 'b.conf': site('b', 'two') };
    for (const [name, text] of Object.entries(texts)) writeFileSync(join(root, name), text);
    const documents = new Map(
      Object.entries(texts).map(([name, text]) => [
        name,
        TextDocument.create(pathToFileURL(join(root, name)).toString(), 'apacheconf', 1, text),
      ]),
    );
    const states = new DocumentStates(
      () => DEFAULT_SETTINGS,
      () => [...documents.values()],
      () => [root],
      (message) => assert.fail(message),
    );
    const treeOf = (name: string): unknown => {
      const state = states.get(documents.get(name)!);
      assert.ok(!('oversized' in state), name);
      return state.analysis.tree;
    };
    const [a, b] = [treeOf('a.conf'), treeOf('b.conf')];

    // a.conf edited and saved.
    const edited = site('a', 'three');
    documents.set('a.conf', TextDocument.create(documents.get('a.conf')!.uri, 'apacheconf', 2, edited));
    states.touch();
    writeFileSync(join(root, 'a.conf'), edited);
    states.saved();

    assert.notEqual(treeOf('a.conf'), a);
    assert.equal(treeOf('b.conf'), b, 'b.conf was analysed again');
  });
});

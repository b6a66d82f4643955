/**
 * Diagnostics an edit keeps: after an edit of a value or of a comment the lint runner keeps the
 * findings of the rules that cannot see it (core/lint.ts), and the server converts a kept finding
 * once (lsp/handlers/diagnostics.ts), as it publishes again a diagnostic that reads as one it
 * published last time at the same place. Over the protocol, each edit's diagnostics must be those a
 * document opened afresh with the same text gets, ranges included.
 */
import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver/node';
import { Session, startSession } from '../../support/lsp-session';

const URI = 'file:///tmp/balancer-lens-kept/edited.conf';

/** Findings before and after the comment and the values edited: a refused loadfactor, a shared member, a repeated route, an undefined balancer. */
const TEXT = [
  '<Proxy "balancer://a">',
  '    BalancerMember "http://10.0.0.1:8080" loadfactor=0',
  '    BalancerMember "http://10.0.0.1:8080" loadfactor=3',
  '</Proxy>',
  '# the members below take the checkout traffic',
  '<Proxy "balancer://b">',
  '    BalancerMember "http://10.0.0.2:8080" loadfactor=2 route=x',
  '    BalancerMember "http://10.0.0.3:8080" loadfactor=2 route=x',
  '</Proxy>',
  'ProxyPass "/b" "balancer://b/"',
  'ProxyPass "/c" "balancer://missing/"',
  '',
].join('\n');

describe('diagnostics an edit keeps', function () {
  this.timeout(60_000);
  let session: Session;
  afterEach(() => session.stop());

  it('are those of a document opened afresh with the same text, edit after edit', async () => {
    session = await startSession({ pullSettings: true, configuration: () => ({ diagnostics: { delay: 0 } }) });
    await session.configurationAsked();
    let text = TEXT;
    let version = 1;
    session.open(URI, text, version);
    await session.diagnostics(URI, version);
    const positionOf = (offset: number): Position => {
      const before = text.slice(0, offset).split('\n');
      return { line: before.length - 1, character: before.at(-1)!.length };
    };
    /** Replaces `length` characters at `offset` with `insert`, as an editor sends one keystroke. */
    const edit = (offset: number, length: number, insert: string): void => {
      const range = { start: positionOf(offset), end: positionOf(offset + length) };
      text = text.slice(0, offset) + insert + text.slice(offset + length);
      version++;
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: URI, version },
        contentChanges: [{ range, text: insert }],
      });
    };
    const value = TEXT.indexOf('loadfactor=2') + 'loadfactor='.length;
    const comment = TEXT.indexOf('checkout');
    const missing = TEXT.indexOf('missing/') + 'missing'.length;
    const strokes: (() => void)[] = [
      // A value overwritten (the length kept), typed and deleted (what follows moves).
      () => edit(value, 1, '5'),
      () => edit(value + 1, 0, '7'),
      () => edit(value + 1, 1, ''),
      // A comment typed into and deleted again: the findings after it move.
      ...[...'web '].map((key, index) => () => edit(comment + index, 0, key)),
      ...[...'web '].map(() => () => edit(comment, 1, '')),
      // A balancer's name typed into and deleted again: the finding that names it stays where it starts, with another message.
      () => edit(missing, 0, '2'),
      () => edit(missing, 1, ''),
    ];
    for (const [index, stroke] of strokes.entries()) {
      stroke();
      const edited = await session.diagnostics(URI, version);
      const fresh = `file:///tmp/balancer-lens-kept/fresh-${index}.conf`;
      session.open(fresh, text);
      const expected = await session.diagnostics(fresh, 1);
      session.close(fresh);
      assert.ok(expected.diagnostics.length >= 4, JSON.stringify(expected.diagnostics));
      // Related places name their document.
      const named = JSON.parse(JSON.stringify(expected.diagnostics).replaceAll(fresh, URI)) as unknown;
      assert.deepEqual(edited.diagnostics, named, `after edit ${index}: ${JSON.stringify(text)}`);
    }
  });
});

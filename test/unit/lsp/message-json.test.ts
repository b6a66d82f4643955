/**
 * The worker writes each message to the client as the bytes of its JSON (lsp/message-json.ts),
 * putting a publication together from each diagnostic's JSON, kept from the last time it was
 * published: the bytes must be those of `JSON.stringify` whatever the message, and a diagnostic
 * published again, in another place of another list, must be written as it is.
 */
import assert from 'node:assert/strict';
import type { Message } from 'vscode-languageserver/node';
import { messageJson } from '../../../server/src/lsp/message-json';

const UTF8 = new TextEncoder();

function assertWritten(message: Message): void {
  assert.deepEqual(Buffer.from(messageJson(message)).toString('utf8'), JSON.stringify(message));
}

function diagnostic(line: number, message: string, extra: object = {}): object {
  return {
    range: { start: { line, character: 4 }, end: { line, character: 20 } },
    severity: 2,
    code: 'duplicate-member',
    source: 'balancer-lens',
    message,
    relatedInformation: undefined,
    ...extra,
  };
}

function publication(uri: string, diagnostics: readonly unknown[], version?: number): Message {
  return { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics } } as Message;
}

describe('messages written as JSON bytes', () => {
  it('writes any other message as JSON.stringify does', () => {
    assertWritten({ jsonrpc: '2.0', id: 7, result: { contents: 'schedule: a b a — 2/3 → a' } } as Message);
    assertWritten({ jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'diagnostics' } } as Message);
    assertWritten({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics' } as Message);
    assertWritten(publication('file:///a.conf', [diagnostic(1, 'x'), null]));
    assertWritten(publication('file:///a.conf', 'none' as unknown as unknown[]));
  });

  it('writes a publication from its diagnostics, each kept for the next one', () => {
    const first = diagnostic(3, '"http://10.0.0.1:8080" repeats the member on line 2 — remove one');
    const second = diagnostic(9, 'loadfactor=0 is refused: Apache says “LoadFactor must be a number between 1..100”', {
      relatedInformation: [{ location: { uri: 'file:///a.conf', range: first['range' as keyof object] }, message: 'the first' }],
    });
    const third = diagnostic(12, 'a lone \uD800 surrogate and an emoji 🚀');
    assertWritten(publication('file:///a.conf', [], 1));
    assertWritten(publication('file:///a.conf', [first], 2));
    assertWritten(publication('file:///a.conf', [first, second, third], 3));
    // Published again: in another order, beside a new one, in another document's list, without a version.
    assertWritten(publication('file:///a.conf', [third, diagnostic(4, 'new'), first], 4));
    assertWritten(publication('file:///b "diagnostics":[] .conf', [second, first]));
    assertWritten(publication('file:///a.conf', [second], 5));
  });

  it('writes a diagnostic published again from the JSON it kept', () => {
    let written = 0;
    const kept = { ...diagnostic(2, 'kept'), toJSON: () => (written++, diagnostic(2, 'kept')) };
    assertWritten(publication('file:///a.conf', [kept], 1));
    written = 0;
    messageJson(publication('file:///a.conf', [diagnostic(1, 'new'), kept], 2));
    messageJson(publication('file:///a.conf', [kept], 3));
    assert.equal(written, 0);
  });

  it('puts the list where the publication has it, whatever the order of its fields', () => {
    const kept = diagnostic(1, 'kept');
    const message = {
      jsonrpc: '2.0',
      method: 'textDocument/publishDiagnostics',
      params: { diagnostics: [kept, diagnostic(2, 'é')], uri: 'file:///c.conf', version: 8 },
    } as Message;
    assertWritten(message);
    assertWritten(message);
  });

  it('gives each message a buffer of its own, to hand to another thread', () => {
    const kept = diagnostic(1, 'kept');
    const written = [messageJson(publication('file:///a.conf', [kept], 1)), messageJson(publication('file:///a.conf', [kept], 2))];
    for (const json of written) assert.equal(json.byteLength, json.buffer.byteLength);
    assert.notEqual(written[0]!.buffer, written[1]!.buffer);
    assert.deepEqual(written[1], UTF8.encode(JSON.stringify(publication('file:///a.conf', [kept], 2))));
  });
});

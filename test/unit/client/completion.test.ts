/** The client's completion middleware: accepting `key=` opens the value suggestions at once. */
import assert from 'node:assert/strict';
import { reopenAfterKeys } from '../../../client/src/completion';

describe('completion middleware', () => {
  it('asks for suggestions again after a parameter key, and only then', () => {
    const items = reopenAfterKeys<{ label: string; insertText?: string; command?: { title: string; command: string } }>([
      { label: 'status=' },
      { label: 'BalancerMember', insertText: 'BalancerMember "http://${1:host}"' },
      { label: '+H' },
    ]);
    assert.deepEqual(
      items.map((item) => item.command?.command),
      ['editor.action.triggerSuggest', undefined, undefined],
    );
  });

  it('keeps a command the server sent', () => {
    const command = { title: 'other', command: 'other' };
    assert.equal(reopenAfterKeys([{ label: 'route=', command }])[0]!.command, command);
  });
});

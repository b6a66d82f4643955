import * as assert from 'node:assert/strict';
import { logicalLines } from '../../../server/src/core/syntax/lines';

describe('logical lines of long files', () => {
  it('splits 20,000 physical lines with continuations into contiguous, complete lines', () => {
    const physical: string[] = [];
    for (let i = 0; i < 20_000; i++) physical.push(i % 7 === 3 ? `Line${i} \\` : `Line${i}`);
    const text = `${physical.join('\n')}\n`;
    const base = 5;
    const lines = [...logicalLines(text, base)];
    const expected: string[] = [];
    let pending = '';
    for (const line of physical) {
      if (line.endsWith('\\')) pending += line.slice(0, -1);
      else {
        expected.push(pending + line);
        pending = '';
      }
    }
    assert.deepEqual(
      lines.map((line) => line.text),
      expected,
    );
    assert.equal(lines[0]!.start, base);
    for (let i = 1; i < lines.length; i++) assert.equal(lines[i]!.start, lines[i - 1]!.end, `line ${i} starts where line ${i - 1} ends`);
    assert.equal(lines.at(-1)!.end, base + text.length);
  });
});

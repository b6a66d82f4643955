/**
 * Inlay hints for a range (what an editor asks for its viewport) label only the members in it; this
 * checks they are exactly the hints of the whole file that fall in the range, on every seed text of
 * the fuzzer (rule examples, examples/, lint fixtures, the real-world corpus).
 */
import assert from 'node:assert/strict';
import { analyze } from '../../../server/src/core/analysis';
import { inlayHints } from '../../../server/src/core/features/inlay-hints';
import { EPOCH, seedTexts } from '../../fuzz/inputs';

/** Virtual hosts inheriting the main server's balancer: with an lbmethod of their own (a hint of their own) and without (none). */
const COPIES = [
  '<Proxy balancer://x>\nBalancerMember http://a loadfactor=3\nBalancerMember http://b\n</Proxy>\n',
  ...['heartbeat', 'bybusyness', 'heartbeat'].map(
    (lbmethod, index) =>
      `<VirtualHost *:${8000 + index}>\n<Proxy balancer://x>\nBalancerMember http://c${index}\nProxySet lbmethod=${lbmethod}\n</Proxy>\nProxyPass / balancer://x/\n</VirtualHost>\n`,
  ),
  '<Proxy balancer://y>\n' + Array.from({ length: 8 }, (_, index) => `BalancerMember http://y${index}\n`).join('') + '</Proxy>\n',
  '<VirtualHost *:9000>\nProxySet balancer://y lbmethod=heartbeat\nProxyPass / balancer://y/\n</VirtualHost>\n',
].join('');

describe('inlay hints for a range', () => {
  it('are the whole file’s hints that fall in the range, inherited copies’ hints included', () => {
    let copies = 0;
    let ranges = 0;
    for (const text of [COPIES, ...seedTexts().texts]) {
      const analysis = analyze(text, { epochSeconds: EPOCH });
      const all = inlayHints(analysis);
      copies += all.filter((hint) => hint.label.startsWith('this virtual host:')).length;
      const offsets = all.map((hint) => hint.offset);
      // Ranges that start or end exactly on a hint, just before or after one, and a few fixed slices.
      const bounds = [0, text.length, ...offsets, ...offsets.map((offset) => offset - 1), ...offsets.map((offset) => offset + 1)];
      for (let i = 0; i < bounds.length; i++) {
        const start = bounds[i]!;
        const end = bounds[(i * 7 + 1) % bounds.length]!;
        const expected = all.filter((hint) => hint.offset >= start && hint.offset <= end);
        assert.deepEqual(inlayHints(analysis, start, end), expected, `range ${start}–${end} of:\n${text.slice(0, 200)}`);
        ranges++;
      }
    }
    assert.ok(copies > 0, 'no seed text has a virtual host whose inherited copy gets a hint');
    // Over 800 without the real-world corpus (optional: absent from a bare clone), over 1,000 with it.
    assert.ok(ranges > 500, `only ${ranges} ranges checked`);
  });
});

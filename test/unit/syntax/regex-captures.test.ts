import { strict as assert } from 'node:assert';
import { execRegex } from '../../../server/src/core/regex';
import { counted } from '../../support/steps';

/** Checkpoints (1,024 machine steps each) a test here may pass: these take at most a few hundred, a backtracker millions. */
const CAP = 1000;

describe('configuration regexes with captures, without backtracking (core/regex.ts execRegex)', () => {
  // Patterns where PCRE2 and JavaScript agree on the groups too, so RegExp.exec is the reference.
  const patterns = [
    '^/api/(.*)$',
    '^/v(\\d+)/(.*)$',
    '^/(.*)/(.*)$',
    '^/(.*?)/(.*)$',
    '(a|ab)(c|bcd)(d*)',
    '^/(images|css)/.*\\.(png|jpe?g)$',
    '(a+)+$',
    '(a)|(b)',
    '(a*)*',
    '(a*)+b',
    '^(?:/(\\w+))+$',
    '(?<name>[^/]+)\\.php',
    'x(y?)z',
    '(a){2}',
    '^/(a+)+$',
    '',
  ];
  const texts = [
    '',
    '/',
    '/api/x',
    '/v12/items/3',
    '/a/b/c',
    'abcd',
    '/images/a.jpeg',
    'aaa',
    'b',
    'aab',
    '/one/two',
    'x/y.php',
    'xz',
    'xyz',
    '/aa!',
  ];
  for (const pattern of patterns) {
    it(`${pattern} captures what RegExp captures`, () => {
      const reference = new RegExp(pattern);
      for (const text of texts) {
        const expected = reference.exec(text);
        assert.deepEqual(execRegex(pattern, text), expected ? [...expected] : null, `${pattern} on ${JSON.stringify(text)}`);
      }
    });
  }

  it('ignores case when asked, in classes too ([NC])', () => {
    assert.deepEqual(execRegex('^/API/([a-z]+)$', '/api/XyZ', { nocase: true }), ['/api/XyZ', 'XyZ']);
    assert.equal(execRegex('^/API/([a-z]+)$', '/api/XyZ'), null);
  });

  it('takes steps in proportion to the text where RegExp backtracks for minutes', () => {
    const optional = `^/(${'a?'.repeat(40)})${'a'.repeat(40)}$`;
    for (const [pattern, text] of [
      ['^/(a+)+$', (size: number) => `/${'a'.repeat(size)}!`],
      [optional, (size: number) => `/${'a'.repeat(size)}`],
    ] as const) {
      const small = counted((checkpoint) => execRegex(pattern, text(39), { checkpoint }), CAP);
      const large = counted((checkpoint) => execRegex(pattern, text(78), { checkpoint }), CAP);
      assert.deepEqual(small.result, null);
      assert.ok(
        small.checkpoints <= 4 && large.checkpoints <= 2 * small.checkpoints + 2,
        `${pattern}: ${small.checkpoints} then ${large.checkpoints}`,
      );
    }
    const small = counted((checkpoint) => execRegex('^/(a+)+$', `/${'a'.repeat(5000)}!`, { checkpoint }), CAP);
    const large = counted((checkpoint) => execRegex('^/(a+)+$', `/${'a'.repeat(10_000)}!`, { checkpoint }), CAP);
    assert.deepEqual([small.result, large.result], [null, null]);
    assert.ok(small.checkpoints > 0 && large.checkpoints <= 2 * small.checkpoints + 1, `${small.checkpoints} then ${large.checkpoints}`);
  });

  it('says invalid and too costly as testRegex does', () => {
    assert.equal(execRegex('(a', 'a'), 'invalid');
    assert.equal(execRegex('(a)\\1', 'aa'), 'too-costly');
    assert.equal(execRegex('a*', 'b'.repeat(2_000_000)), 'too-costly');
  });
});

import { strict as assert } from 'node:assert';
import { testRegex } from '../../../server/src/core/regex';
import { counted } from '../../support/steps';

/** Checkpoints (1,024 machine steps each) a test here may pass: these take at most a few hundred, a backtracker millions. */
const CAP = 1000;

describe('configuration regexes without backtracking (core/regex.ts)', () => {
  // Patterns where PCRE2 and JavaScript agree, so RegExp is the reference.
  const patterns = [
    '^/(a+)+$',
    '^/api/(.*)$',
    '\\.(php|cgi)$',
    '^/(images|css)/.*\\.(png|jpe?g)$',
    '^2\\.4\\.',
    '^2\\.[0-3]\\.',
    'a{2,3}b',
    'a{2}',
    'a{2,}',
    '[^/]+/x',
    '[a-c\\d]+z',
    '\\bword\\b',
    '\\Bb',
    '^$',
    'x|',
    '(?:ab)*c',
    '(?<n>a)b',
    '\\s\\S\\w\\W',
    '^/balancer-manager',
    '.',
  ];
  const texts = [
    '',
    '/',
    '/aaaa',
    '/aaaa!',
    '/api/x',
    'a.php',
    'x.cgi.txt',
    '/images/a.jpeg',
    '/css/a.png',
    '2.4.66',
    '2.3.1',
    'aab',
    'aaab',
    'ab',
    'a/x',
    ']',
    'abz1z',
    'a word here',
    'abb',
    'x',
    'ababc',
    'ab',
    'AB',
    ' a!',
    '/balancer-manager',
  ];
  for (const pattern of patterns) {
    it(`${pattern} matches what RegExp matches`, () => {
      const reference = new RegExp(pattern);
      for (const text of texts) assert.equal(testRegex(pattern, text), reference.test(text), JSON.stringify(text));
    });
  }

  it('reads PCRE2 where JavaScript differs: a leading ] in a class, $ before a final newline, \\x{…}', () => {
    assert.equal(testRegex('^[]a]$', ']'), true);
    assert.equal(testRegex('^$', '\n'), true);
    assert.equal(testRegex('^a$', 'a\n'), true);
    assert.equal(testRegex('^a\\z', 'a\n'), false);
    assert.equal(testRegex('^\\x41\\x{42}$', 'AB'), true);
  });

  it('takes steps in proportion to the text where RegExp backtracks for minutes', () => {
    const nested = `^(${'(.*)*'.repeat(12)})*x$`;
    // Under 1,024 steps for the version string, where a backtracker tries every split of it among 24 stars.
    assert.deepEqual(
      counted((checkpoint) => testRegex(nested, '2.4.66', { checkpoint }), CAP),
      { result: false, checkpoints: 0 },
    );
    assert.deepEqual(
      counted((checkpoint) => testRegex(`^(${'(.*)*'.repeat(12)})*6$`, '2.4.66', { checkpoint }), CAP),
      {
        result: true,
        checkpoints: 0,
      },
    );
    for (const [pattern, text] of [
      ['^/(a+)+$', (size: number) => `/${'a'.repeat(size)}!`],
      [nested, (size: number) => '2.4.66'.repeat(size / 100)],
    ] as const) {
      const small = counted((checkpoint) => testRegex(pattern, text(5000), { checkpoint }), CAP);
      const large = counted((checkpoint) => testRegex(pattern, text(10_000), { checkpoint }), CAP);
      assert.deepEqual([small.result, large.result], [false, false]);
      assert.ok(
        small.checkpoints > 0 && large.checkpoints <= 2 * small.checkpoints + 1,
        `${pattern}: ${small.checkpoints} then ${large.checkpoints}`,
      );
    }
  });

  it('says invalid for what PCRE2 refuses, and too costly for what it does not evaluate', () => {
    assert.equal(testRegex('(a', 'a'), 'invalid');
    for (const pattern of [
      '(a)\\1',
      '(?=a)a',
      '(?<!b)a',
      '(?>a+)b',
      'a++b',
      '(?i)a',
      '[[:alpha:]]',
      '\\Qa\\E',
      '((a{1000}){1000})',
      '((){9999}){9999}',
    ]) {
      assert.equal(testRegex(pattern, 'aa'), 'too-costly', pattern);
    }
    assert.equal(testRegex('a*', 'b'.repeat(2_000_000)), 'too-costly', 'program × text over the step budget');
    assert.equal(testRegex('a'.repeat(30_000), 'a'), 'too-costly', 'a pattern too long to read');
  });
});

import { strict as assert } from 'node:assert';
import { testRegex } from '../../../server/src/core/regex';

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

  it('answers at once where RegExp backtracks for minutes', () => {
    const started = performance.now();
    assert.equal(testRegex('^/(a+)+$', `/${'a'.repeat(5000)}!`), false);
    assert.equal(testRegex(`^(${'(.*)*'.repeat(12)})*x$`, '2.4.66'), false);
    assert.equal(testRegex(`^(${'(.*)*'.repeat(12)})*6$`, '2.4.66'), true);
    assert.ok(performance.now() - started < 2000);
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

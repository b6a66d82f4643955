/**
 * The model's hot paths read characters in loops instead of regular expressions and slices: ASCII
 * case folding, case-insensitive prefixes, a URL's scheme and a port's digits. This compares each
 * with the regular-expression reading it replaced, on random strings over the characters that
 * matter (ASCII letters and digits, signs, C whitespace, Unicode letters that JavaScript folds);
 * and a worker URL's name with the full parse it skips when the URL is written as Apache names it.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { asciiLower, asciiStartsWith } from '../../../server/src/core/ascii';
import { isNamedAsWritten, isWholeNumber, parsedWorkerUrl, schemeEnd, workerUrl } from '../../../server/src/core/model/urls';
import { fuzzRuns } from '../../support/fuzz';

const CHARACTERS = [...'aAzZkKmM09+-.:/_@[] \t\n\v\f\r\0', '\u212A', '\u0130', '\u00C9', '\u00E9', '\uD800', 'ſ'];
const text = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 24 }).map((parts) => parts.join(''));
const runs = fuzzRuns(5000);

describe('character scanners against their regular-expression readings', () => {
  it('asciiLower folds A–Z and nothing else', () => {
    fc.assert(
      fc.property(text, (value) =>
        assert.equal(
          asciiLower(value),
          value.replace(/[A-Z]/g, (c) => c.toLowerCase()),
        ),
      ),
      runs,
    );
  });

  it('asciiStartsWith compares a lower-case word at an offset, A–Z folded', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('balancer:', 'unix:', 'inf', 'inity', 'nan', 'k', ''), fc.nat(26), (value, word, offset) => {
        const at = Math.min(offset, value.length);
        const expected = value.slice(at, at + word.length).replace(/[A-Z]/g, (c) => c.toLowerCase()) === word;
        assert.equal(asciiStartsWith(value, at, word), expected);
      }),
      runs,
    );
  });

  it('schemeEnd finds the colon of /^[A-Za-z][A-Za-z0-9+.-]*:/', () => {
    fc.assert(
      fc.property(text, (value) => {
        const match = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(value);
        assert.equal(schemeEnd(value), match ? match[0].length - 1 : -1);
      }),
      runs,
    );
  });

  it('isWholeNumber is /^[\\t\\n\\v\\f\\r ]*[+-]?[0-9]+$/', () => {
    fc.assert(
      fc.property(text, (value) => assert.equal(isWholeNumber(value), /^[\t\n\v\f\r ]*[+-]?[0-9]+$/.test(value))),
      runs,
    );
  });

  it('a worker URL named as written is what the full parse names it', () => {
    const piece = (characters: string, maxLength: number): fc.Arbitrary<string> =>
      fc.array(fc.constantFrom(...characters), { maxLength }).map((parts) => parts.join(''));
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTP', 'Http', 'ajp', 'fcgi', 'ws', 'h2c', 'unix', 'z39.50r', 'x+y', '1a', ''),
        fc.constantFrom('://', '://', '://', '://', '://', ':/', ':', '//', '///'),
        fc.oneof({ arbitrary: piece('abcxyz0189.-', 12), weight: 3 }, { arbitrary: piece('abcxyzAZ0189.-_%@[]:\u00e9 ', 12), weight: 1 }),
        fc.constantFrom('', '', ':', ':80', ':443', ':8009', ':8080', ':0', ':65616', ':080', ':8a', ':+1', ': 1', '::1'),
        fc.tuple(fc.constantFrom('', '/', '/', '/', '?', '#', ':', '@'), piece('/?#@:aZ|', 8)).map(([first, rest]) => first + rest),
      )
      .map((parts) => parts.join(''));
    let asWritten = 0;
    fc.assert(
      fc.property(url, (value) => {
        if (isNamedAsWritten(value)) asWritten++;
        assert.deepEqual(workerUrl(value), parsedWorkerUrl(value));
      }),
      runs,
    );
    // The shortcut is taken often enough for the comparison to mean something.
    assert.ok(asWritten > runs.numRuns! / 20, `${asWritten} of ${runs.numRuns} named as written`);
  });
});

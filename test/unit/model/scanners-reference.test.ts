/**
 * The model's hot paths read characters in loops instead of regular expressions and slices: ASCII
 * case folding, case-insensitive prefixes, a URL's scheme and a port's digits. This compares each
 * with the regular-expression reading it replaced, on random strings over the characters that
 * matter (ASCII letters and digits, signs, C whitespace, Unicode letters that JavaScript folds).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { asciiLower, asciiStartsWith } from '../../../server/src/core/ascii';
import { isWholeNumber, schemeEnd } from '../../../server/src/core/model/urls';
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
});

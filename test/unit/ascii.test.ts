import assert from 'node:assert/strict';
import fc from 'fast-check';
import { asciiLower } from '../../server/src/core/ascii';
import { fuzzRuns } from '../support/fuzz';

/** The definition: every A–Z becomes a–z, every other character stays. */
function reference(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

describe('asciiLower', () => {
  it('folds A–Z only, whatever else the text holds', () => {
    const char = fc.constantFrom('A', 'Z', 'a', 'z', '@', '[', '`', '{', '0', ' ', '\u212a', 'É', 'é', 'İ', 'ß', '\u{1f600}');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 20 }), (chars) => assert.equal(asciiLower(chars.join('')), reference(chars.join('')))),
      fuzzRuns(100),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => assert.equal(asciiLower(text), reference(text))),
      fuzzRuns(100),
    );
  });

  it('keeps the Kelvin sign, which toLowerCase folds to k', () => {
    assert.equal(asciiLower('\u212aEEP'), '\u212aeep');
  });
});

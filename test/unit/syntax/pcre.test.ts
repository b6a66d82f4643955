// The PCRE2 validator against Apache's verdicts (test/apache/pcre-patterns.ts, confirmed by
// `apache2 -t` in test/apache/fidelity.test.ts), and where it stops.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { pcreError } from '../../../server/src/core/pcre';
import { PATTERNS } from '../../apache/pcre-patterns';
import { fuzzRuns } from '../../support/fuzz';

describe('pcreError', () => {
  it('has at least 60 patterns, compiling and refused', () => {
    assert.ok(PATTERNS.length >= 60);
    assert.ok(PATTERNS.some(([, compiles]) => compiles) && PATTERNS.some(([, compiles]) => !compiles));
  });

  for (const [pattern, compiles] of PATTERNS) {
    it(`${compiles ? 'compiles' : 'refuses'} ${pattern}`, () => {
      const error = pcreError(pattern);
      assert.equal(error === undefined, compiles, error?.message);
    });
  }

  it('says where and why, in PCRE2 words', () => {
    assert.deepEqual(pcreError('^/(api|app'), { message: 'missing closing parenthesis', offset: 10 });
    assert.deepEqual(pcreError('ab)'), { message: 'unmatched closing parenthesis', offset: 2 });
  });

  it('never throws on patterns of regex punctuation', () => {
    const piece = fc.constantFrom(...'()[]{}\\?*+|^$:<>=!-#a1Pkgx'.split(''), '(?', '(?<', '(*', '\\Q', '\\E', '[:', ':]', '{2,1}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const error = pcreError(pieces.join(''));
        return error === undefined || (typeof error.message === 'string' && error.offset >= 0);
      }),
      fuzzRuns(5000),
    );
  });
});

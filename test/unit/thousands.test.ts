import assert from 'node:assert/strict';
import fc from 'fast-check';
import { thousands } from '../../server/src/core/thousands';
import { fuzzRuns } from '../support/fuzz';

describe('thousands', () => {
  it('groups an integer as toLocaleString("en-US") does', () => {
    for (const count of [0, 7, 999, 1000, -1000, 10_000, 1_000_000, 123_456_789])
      assert.equal(thousands(count), count.toLocaleString('en-US'));
    fc.assert(
      fc.property(fc.integer(), (count) => assert.equal(thousands(count), count.toLocaleString('en-US'))),
      fuzzRuns(200),
    );
  });
});

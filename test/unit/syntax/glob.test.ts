import { strict as assert } from 'node:assert';
import picomatch from 'picomatch';
import { globError, globMatcher } from '../../../server/src/core/glob';
import { counted } from '../../support/steps';

describe('globs of include and the command line (core/glob.ts)', () => {
  const patterns = [
    '**/*.conf',
    '**/.htaccess',
    '**/sites-enabled/**',
    '*.conf',
    'a/**/b/*.c?nf',
    '**/[ab]*.conf',
    '{x,y}/*.conf',
    '**/*.{conf,inc}',
    '!*.conf',
    '**',
    './a/*.conf',
    'sites-*/*',
  ];
  const paths = [
    'a.conf',
    '.a.conf',
    'x/a.conf',
    'x/.h/a.conf',
    '.htaccess',
    'x/.htaccess',
    'x/sites-enabled/y/z',
    'a/b/c.conf',
    'a/x/y/b/q.cenf',
    'bb/c.conf',
    'y/b.conf',
    'z/a.inc',
    'a',
    'sites-a/b',
    'sites-a/.b',
  ];
  for (const pattern of patterns) {
    it(`${pattern} matches what picomatch matches`, () => {
      const theirs = picomatch(pattern);
      const ours = globMatcher([pattern]);
      for (const path of paths) assert.equal(ours(path), theirs(path), path);
    });
  }

  it('matches *a*a*…b against a long name in steps in proportion to it (a regular expression backtracked for minutes)', () => {
    const starred = [`*${'a*'.repeat(16)}b`];
    // A cap of 1,000 checkpoints (a million steps): a backtracking match passes it at once.
    assert.deepEqual(
      counted((checkpoint) => globMatcher(starred, { checkpoint })('a'.repeat(200)), 1000),
      { result: false, checkpoints: 0 },
    );
    const small = counted((checkpoint) => globMatcher(starred, { checkpoint })('a'.repeat(20_000)), 1000);
    const large = counted((checkpoint) => globMatcher(starred, { checkpoint })('a'.repeat(40_000)), 1000);
    assert.deepEqual([small.result, large.result], [false, false]);
    assert.ok(small.checkpoints > 0 && large.checkpoints <= 2 * small.checkpoints + 1, `${small.checkpoints} then ${large.checkpoints}`);
  });

  it('refuses what it does not match: extended globs, and braces that make too many patterns', () => {
    assert.match(globError('@(a|b).conf') ?? '', /not supported/);
    assert.match(globError('{a,b}'.repeat(11)) ?? '', /more than 1024 patterns/);
    assert.equal(globError('**/{a,b}/*.conf'), undefined);
  });
});

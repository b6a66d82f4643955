/**
 * The CLI's V8 code cache (server/src/node/code-cache.ts) in the user's cache folder: where it is
 * kept on each platform, written by the first run of a command and used (so left as it is) by the
 * next, replaced when damaged, stale or not the user's own, never written in the working folder, and
 * never a message or a failure when its folder cannot be written or it is switched off. The built
 * CLI (`npm run build` first), so a run is a real process that writes its cache when it exits.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODE_CACHE_ENV, codeCacheFolder } from '../../../server/src/node/code-cache';
import { tempDir } from '../../support/temp';

const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'server/dist/cli.js');
const SHOP = join(ROOT, 'examples/shop.conf');
/** Where V8's header keeps the hash of the V8 version that made the cache (after a 4-byte magic number). */
const V8_VERSION_HASH = 4;
const DIGEST_BYTES = 32;

/** Runs the built CLI in `cwd` with HOME `home` and only the variables given of those that move the cache. */
function cli(
  args: readonly string[],
  home: string,
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): { status: number | null; stdout: string; stderr: string } {
  const base = { ...process.env };
  for (const name of [CODE_CACHE_ENV, 'XDG_CACHE_HOME']) delete base[name];
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...base, HOME: home, NO_COLOR: '1', ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The cache files in `folder`, by name. */
function caches(folder: string): string[] {
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.cache'))
        .sort()
    : [];
}

/** A payload behind a digest that matches it. */
function withDigest(payload: Buffer): Buffer {
  return Buffer.concat([createHash('sha256').update(payload).digest(), payload]);
}

describe('CLI: code cache', function () {
  this.timeout(60_000);

  describe('its folder', () => {
    const linux = { platform: 'linux' as const, home: '/home/ada' };

    it("is the user's cache folder of the platform", () => {
      assert.equal(codeCacheFolder({ ...linux, env: {} }), '/home/ada/.cache/balancer-lens');
      assert.equal(codeCacheFolder({ ...linux, env: { XDG_CACHE_HOME: '/var/cache/ada' } }), '/var/cache/ada/balancer-lens');
      assert.equal(codeCacheFolder({ platform: 'darwin', home: '/Users/ada', env: {} }), '/Users/ada/Library/Caches/balancer-lens');
      assert.equal(codeCacheFolder({ platform: 'freebsd', home: '/home/ada', env: {} }), '/home/ada/.cache/balancer-lens');
    });

    it('is the folder BALANCER_LENS_CODE_CACHE names, or none when it says off', () => {
      assert.equal(codeCacheFolder({ ...linux, env: { [CODE_CACHE_ENV]: '/srv/editor/storage' } }), '/srv/editor/storage');
      assert.equal(codeCacheFolder({ ...linux, env: { [CODE_CACHE_ENV]: 'off' } }), undefined);
      assert.equal(codeCacheFolder({ ...linux, env: { [CODE_CACHE_ENV]: 'off', XDG_CACHE_HOME: '/var/cache/ada' } }), undefined);
    });

    it("is never relative, so never inside the user's project", () => {
      assert.equal(codeCacheFolder({ ...linux, env: { [CODE_CACHE_ENV]: '.cache' } }), undefined);
      assert.equal(codeCacheFolder({ ...linux, env: { XDG_CACHE_HOME: 'cache' } }), '/home/ada/.cache/balancer-lens');
      assert.equal(codeCacheFolder({ platform: 'linux', home: '', env: {} }), undefined);
      assert.equal(codeCacheFolder({ platform: 'linux', home: 'ada', env: {} }), undefined);
    });
  });

  describe('a run', () => {
    let home: string;
    let project: string;
    let folder: string;
    let expected: string;

    beforeEach(() => {
      home = tempDir('bl-cache-home-');
      project = tempDir('bl-cache-project-');
      folder = join(home, '.cache', 'balancer-lens');
      expected = cli(['lint', SHOP, '--format', 'json'], home, project, { [CODE_CACHE_ENV]: 'off' }).stdout;
      assert.match(expected, /sticky-never-routed/);
      assert.deepEqual(caches(folder), [], 'switched off, the run wrote a cache');
    });

    /** Lints shop.conf and checks that it answers as a run without a cache does, with nothing on stderr. */
    function lint(env: Readonly<Record<string, string>> = {}): void {
      const run = cli(['lint', SHOP, '--format', 'json'], home, project, env);
      assert.equal(run.stderr, '');
      assert.equal(run.status, 0);
      assert.equal(run.stdout, expected);
    }

    /** The one cache file of `lint`. */
    function lintCache(): string {
      const found = caches(folder).filter((name) => name.startsWith('cli-lint-'));
      assert.equal(found.length, 1, `expected one cache of lint, found ${caches(folder).join(', ')}`);
      return join(folder, found[0]!);
    }

    it("is written by the first run of a command, in the user's cache folder only, for that user only", () => {
      lint();
      const file = lintCache();
      assert.match(file, /cli-lint-[0-9a-f]{16}\.cache$/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      assert.equal(statSync(folder).mode & 0o777, 0o700);
      const bytes = readFileSync(file);
      assert.ok(bytes.length > 100_000, `a cache of ${bytes.length} bytes`);
      assert.ok(bytes.subarray(0, DIGEST_BYTES).equals(createHash('sha256').update(bytes.subarray(DIGEST_BYTES)).digest()));
      assert.deepEqual(readdirSync(project), [], 'the run wrote in the working folder');
      assert.deepEqual(
        readdirSync(join(ROOT, 'server/dist')).filter((name) => name.endsWith('.cache')),
        [],
      );
      assert.equal(cli(['--help'], home, project).status, 0);
      assert.deepEqual(
        caches(folder).map((name) => name.replace(/[0-9a-f]{16}/, 'KEY')),
        ['cli-KEY.cache', 'cli-lint-KEY.cache'],
      );
    });

    it('is not needed by --version, which cli.js answers without loading the program', () => {
      const run = cli(['--version'], home, project);
      assert.equal(run.status, 0);
      assert.match(run.stdout, /^\d+\.\d+\.\d+\S*\n$/);
      assert.deepEqual(caches(folder), [], '--version loaded the program');
    });

    it('is used by the next run, which leaves it as it is', () => {
      lint();
      const before = statSync(lintCache());
      lint();
      const after = statSync(lintCache());
      assert.equal(after.ino, before.ino, 'the cache was written again, so it was not used');
      assert.equal(after.mtimeMs, before.mtimeMs);
    });

    it('in $XDG_CACHE_HOME when it is set', () => {
      const xdg = tempDir('bl-cache-xdg-');
      lint({ XDG_CACHE_HOME: xdg });
      assert.equal(caches(join(xdg, 'balancer-lens')).length, 1);
      assert.deepEqual(caches(folder), []);
    });

    it('is ignored and replaced when damaged', () => {
      lint();
      const file = lintCache();
      const damaged = readFileSync(file);
      damaged.writeUInt8(damaged.readUInt8(damaged.length - 10) ^ 0xff, damaged.length - 10);
      writeFileSync(file, damaged);
      lint();
      const replaced = readFileSync(lintCache());
      assert.ok(!replaced.equals(damaged), 'the damaged cache is still there');
      writeFileSync(file, 'not a cache');
      lint();
      assert.ok(readFileSync(lintCache()).length > 100_000, 'the truncated cache is still there');
    });

    it('is ignored and replaced when another V8 made it', () => {
      lint();
      const file = lintCache();
      const payload = Buffer.from(readFileSync(file).subarray(DIGEST_BYTES));
      payload.writeUInt32LE((payload.readUInt32LE(V8_VERSION_HASH) + 1) >>> 0, V8_VERSION_HASH);
      const foreign = withDigest(payload);
      writeFileSync(file, foreign);
      lint();
      assert.ok(!readFileSync(lintCache()).equals(foreign), 'the cache of another V8 is still there');
    });

    it('is ignored and replaced when others may write it', () => {
      lint();
      const file = lintCache();
      chmodSync(file, 0o666);
      const before = statSync(file);
      lint();
      const after = statSync(lintCache());
      assert.notEqual(after.ino, before.ino, 'a cache others may write was used');
      assert.equal(after.mode & 0o777, 0o600);
    });

    it('of other bundles are removed when this one writes its own, whatever their command', () => {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const other = withDigest(Buffer.from('another bundle'));
      for (const name of ['cli-lint', 'cli-schedule', 'server'])
        writeFileSync(join(folder, `${name}-0123456789abcdef.cache`), other, { mode: 0o600 });
      writeFileSync(join(folder, 'notes.txt'), 'not ours');
      lint();
      assert.deepEqual(
        readdirSync(folder).map((name) => name.replace(/[0-9a-f]{16}/, 'KEY')),
        ['cli-lint-KEY.cache', 'notes.txt'],
      );
    });

    it('is neither a message nor a failure when its folder cannot be written, and is written once it can', () => {
      // A regular file where a folder is needed: root writes anywhere, but not below a file.
      const blocked = join(tempDir('bl-cache-blocked-'), 'cache');
      writeFileSync(blocked, '');
      lint({ XDG_CACHE_HOME: blocked });
      // A HOME on a file system nobody may write (the kernel's).
      lint({ HOME: '/proc' });
      assert.deepEqual(caches(folder), []);
      lint();
      assert.equal(caches(folder).length, 1);
    });

    it('writes nothing in a folder others may write in, or through a link', () => {
      mkdirSync(folder, { recursive: true });
      chmodSync(folder, 0o777);
      lint();
      assert.deepEqual(caches(folder), []);
      const elsewhere = tempDir('bl-cache-elsewhere-');
      rmSync(folder, { recursive: true });
      symlinkSync(elsewhere, folder);
      lint();
      assert.deepEqual(readdirSync(elsewhere), []);
    });

    it('writes nothing when switched off', () => {
      lint({ [CODE_CACHE_ENV]: 'off' });
      lint({ [CODE_CACHE_ENV]: 'cache' });
      assert.deepEqual(caches(folder), []);
      assert.deepEqual(readdirSync(project), []);
    });
  });
});

/**
 * The npm package as a user gets it: `npm pack` (which runs `prepare`: the build), then a global install into
 * an empty prefix with no registry (`--offline`, an empty cache), then `balancer-lens lint` and
 * `schedule` from that prefix. The bundles are self-contained, so nothing is fetched.
 */
import assert from 'node:assert/strict';
import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SHOP = join(ROOT, 'examples', 'shop.conf');
/** The most `npm pack` may weigh, packed (issue: "≤ 400 KB"). */
const MAX_PACKED_BYTES = 400 * 1000;

/** The environment without what `npm test` adds (npm_config_*, npm_lifecycle_*), so the child npm is a user's. */
function userEnvironment(cache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  return { ...env, npm_config_cache: cache, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  return result;
}

interface PackedFile {
  readonly path: string;
}
interface PackResult {
  readonly filename: string;
  readonly size: number;
  readonly files: readonly PackedFile[];
}

describe('the npm package', function () {
  this.timeout(180_000);
  let temp = '';
  let pack: PackResult;
  let prefix = '';
  let env: NodeJS.ProcessEnv = {};

  before(() => {
    temp = mkdtempSync(join(tmpdir(), 'balancer-lens-pack-'));
    env = userEnvironment(join(temp, 'cache'));
    const packed = run('npm', ['pack', '--json', '--pack-destination', temp], { cwd: ROOT, env });
    assert.equal(packed.status, 0, packed.stderr);
    // Nothing but the JSON: the build's output stays off stdout (.npmrc), as pre-commit needs.
    const [result] = JSON.parse(packed.stdout) as PackResult[];
    assert.ok(result);
    pack = result;
    prefix = join(temp, 'prefix');
    const installed = run('npm', ['install', '-g', '--offline', '--prefix', prefix, join(temp, pack.filename)], { cwd: temp, env });
    assert.equal(installed.status, 0, `npm install failed:\n${installed.stdout}\n${installed.stderr}`);
  });

  after(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('builds once and prints only the tarball name, which pre-commit reads as the file to install', () => {
    const dry = run('npm', ['pack', '--dry-run'], { cwd: ROOT, env });
    assert.equal(dry.status, 0, dry.stderr);
    assert.equal(dry.stdout, `${pack.filename}\n`);
    const shown = run('npm', ['pack', '--dry-run', '--foreground-scripts'], { cwd: ROOT, env });
    assert.equal(shown.stdout.split('> node esbuild.mjs').length - 1, 1, shown.stdout);
  });

  it(`packs to at most ${MAX_PACKED_BYTES / 1000} KB`, () => {
    assert.ok(pack.size <= MAX_PACKED_BYTES, `npm pack is ${(pack.size / 1000).toFixed(1)} KB`);
  });

  // The CHANGELOG (74 KB and growing) stays in the repository and the .vsix: the npm package carries what runs.
  // The VS Code client runs only inside VS Code, which installs the .vsix (.vscodeignore), not this package.
  it('carries the CLI and server bundles, schema, README and LICENSE, and no VS Code client, CHANGELOG, tests, benchmarks, CI or source maps', () => {
    const paths = pack.files.map((file) => file.path);
    for (const wanted of [
      'server/dist/cli.js',
      'server/dist/server.js',
      'server/dist/bundle.js',
      'server/schema/balancerlens.schema.json',
      'README.md',
      'LICENSE',
      'package.json',
    ]) {
      assert.ok(paths.includes(wanted), `${wanted} is not in the package`);
    }
    for (const path of paths)
      assert.doesNotMatch(
        path,
        /^(test|bench|\.ci|scripts|server\/src|client|action)\/|\.map$|^CHANGELOG\.md$/,
        `${path} should not be in the package`,
      );
  });

  it('installs offline and runs lint and schedule from the prefix', () => {
    const bin = join(prefix, 'bin', 'balancer-lens');
    const lint = run(bin, ['lint', SHOP], { cwd: temp, env });
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
    const schedule = run(bin, ['schedule', SHOP], { cwd: temp, env });
    assert.equal(schedule.status, 0, schedule.stderr);
    assert.match(schedule.stdout, /balancer:\/\/shop/);
    assert.match(schedule.stdout, /picks {2}a b a a a b a a b a/);
    const version = run(bin, ['--version'], { cwd: temp, env });
    assert.equal(version.status, 0, version.stderr);
    assert.match(version.stdout, /0\.\d+\.\d+/);
  });
});

/**
 * scripts/release.sh (docs/releasing.md) in a temporary clone, with no network: its checks refuse
 * a bad start without changing anything, and `--dry-run` makes the release commit, the tag commit
 * with the action's bundle, the tags and the .vsix, and prints the pushes and publications without
 * running them (the clone's origin leads nowhere, and npm publish, npx and gh are stubs that fail).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const VERSION = '1.2.3';

describe('scripts/release.sh', function () {
  this.timeout(300_000);
  let temp = '';
  let clone = '';
  let calls = '';
  let env: NodeJS.ProcessEnv = {};

  const git = (...args: string[]): string => {
    const result = spawnSync('git', args, { cwd: clone, encoding: 'utf8' });
    assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  const release = (args: readonly string[], tests = 'true') =>
    spawnSync('bash', ['scripts/release.sh', ...args], { cwd: clone, env: { ...env, RELEASE_TESTS: tests }, encoding: 'utf8' });

  before(() => {
    temp = mkdtempSync(join(tmpdir(), 'balancer-lens-release-'));
    clone = join(temp, 'clone');
    assert.equal(spawnSync('git', ['clone', '--quiet', ROOT, clone]).status, 0);
    git('switch', '--quiet', '-C', 'main');
    git('config', 'user.name', 'Release Test');
    git('config', 'user.email', 'release@example.invalid');
    git('config', 'commit.gpgsign', 'false');
    git('config', 'tag.gpgsign', 'false');
    // A push would fail: origin leads nowhere.
    git('remote', 'set-url', 'origin', join(temp, 'nowhere.git'));
    // The script as it is in this checkout, committed in the clone.
    copyFileSync(join(ROOT, 'scripts/release.sh'), join(clone, 'scripts/release.sh'));
    if (git('status', '--porcelain') !== '') {
      git('add', 'scripts/release.sh');
      git('commit', '--quiet', '-m', 'release.sh under test');
    }
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    // npm publish, npx and gh are recorded and fail; the rest of npm is the real one.
    const stubs = join(temp, 'stubs');
    calls = join(temp, 'calls.log');
    mkdirSync(stubs);
    const npm = spawnSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
    const stub = (name: string, body: string): void => {
      writeFileSync(join(stubs, name), `#!/usr/bin/env bash\necho "${name} $*" >> '${calls}'\n${body}\n`);
      chmodSync(join(stubs, name), 0o755);
    };
    stub('npm', `[ "$1" = publish ] && exit 97\nexec '${npm}' "$@"`);
    stub('npx', 'exit 97');
    stub('gh', 'exit 97');
    env = {};
    for (const [key, value] of Object.entries(process.env)) if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
    env = {
      ...env,
      PATH: `${stubs}${delimiter}${process.env['PATH'] ?? ''}`,
      npm_config_update_notifier: 'false',
      VSCE_PAT: '',
      OVSX_PAT: '',
    };
  });

  after(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('refuses a bad start and changes nothing: a version that is not X.Y.Z, a changed tree, another branch, failing tests', () => {
    const head = git('rev-parse', 'HEAD');
    const refused = (args: readonly string[], why: RegExp, tests?: string): void => {
      const run = release(args, tests);
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr, why);
    };
    refused(['--dry-run'], /give the version/);
    refused(['1.2', '--dry-run'], /three numbers/);
    writeFileSync(join(clone, 'README.md'), 'changed\n');
    refused([VERSION, '--dry-run'], /working tree has changes/);
    git('checkout', '--quiet', 'README.md');
    git('switch', '--quiet', '-c', 'topic');
    refused([VERSION, '--dry-run'], /made on main/);
    git('switch', '--quiet', 'main');
    refused([VERSION, '--dry-run'], /the tests failed: nothing was changed/, 'false');
    // Without --dry-run the tokens are checked before anything runs.
    refused([VERSION], /VSCE_PAT is not set/);
    assert.equal(git('rev-parse', 'HEAD'), head);
    assert.equal(git('status', '--porcelain'), '');
    assert.equal(git('tag', '--list'), '');
  });

  it('--dry-run makes the release commit, the tag commit with action/dist, the tags and the .vsix, and publishes nothing', () => {
    const base = git('rev-parse', 'HEAD');
    const run = release([VERSION, '--dry-run']);
    assert.equal(run.status, 0, run.stderr);
    for (const printed of [
      'git push origin main',
      `git push origin v${VERSION}`,
      'git push --force origin v1',
      'npm publish --access public',
      `npx @vscode/vsce publish --packagePath balancer-lens-${VERSION}.vsix`,
      `npx --yes ovsx publish balancer-lens-${VERSION}.vsix`,
    ])
      assert.ok(run.stderr.includes(`dry run, not running: ${printed}\n`), `${printed}:\n${run.stderr}`);
    const called = existsSync(calls) ? readFileSync(calls, 'utf8') : '';
    assert.doesNotMatch(called, /^(npm publish|npx|gh)\b/m, called);

    // main: one release commit on top, with the CHANGELOG section named and the version set; no bundle.
    assert.equal(git('rev-parse', 'main~1'), base);
    assert.equal(git('log', '-1', '--format=%s', 'main'), `Release ${VERSION}`);
    assert.match(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8'), new RegExp(`^## ${VERSION} — \\d{4}-\\d{2}-\\d{2}$`, 'm'));
    assert.doesNotMatch(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8'), /^## Unreleased$/m);
    assert.equal((JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { version: string }).version, VERSION);
    assert.equal(git('ls-tree', '--name-only', 'main', 'action/dist'), '');
    // The tags: one commit, a child of main's, that adds action/dist.
    assert.equal(git('rev-parse', `v${VERSION}^{commit}`), git('rev-parse', 'v1^{commit}'));
    assert.equal(git('rev-parse', `v${VERSION}^{commit}~1`), git('rev-parse', 'main'));
    assert.deepEqual(git('diff', '--name-only', 'main', `v${VERSION}`).split('\n').sort(), [
      'action/dist/cli.js',
      'action/dist/summary.js',
    ]);
    assert.equal(git('cat-file', '-t', `v${VERSION}`), 'tag');
    assert.ok(existsSync(join(clone, `balancer-lens-${VERSION}.vsix`)));
    assert.equal(git('symbolic-ref', '--short', 'HEAD'), 'main');
    assert.equal(git('status', '--porcelain'), '');
  });
});

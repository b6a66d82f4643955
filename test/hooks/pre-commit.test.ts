/**
 * The pre-commit hook (.pre-commit-hooks.yaml) run by the real `pre-commit`, as a user's repository
 * runs it: pre-commit clones this repository at a commit (here, a commit of this working tree),
 * installs it with `language: node` (`npm install`, then `npm pack` and a global install of the
 * tarball it names) with npm offline, from the cache `npm ci` filled, and runs the hook.
 * Needs `pre-commit` (`apt-get install pre-commit`; .ci/run installs it). `npm run test:pre-commit`.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../support/temp';

const ROOT = join(__dirname, '..', '..');

/** The environment without what `npm test` adds (npm_config_*, npm_lifecycle_*), npm offline, pre-commit's cache in `home`. */
function hookEnvironment(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  return { ...env, PRE_COMMIT_HOME: home, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], { cwd, encoding: 'utf8' });
}

/** A repository holding this working tree's files (tracked and new, not ignored) in one commit; its commit id. */
function snapshotRepository(into: string): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '');
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(into, file), { verbatimSymlinks: true });
    } catch (error) {
      // A file deleted in the working tree is still listed by git until the deletion is staged.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  git(into, 'init', '-q');
  git(into, 'add', '-A');
  git(into, 'commit', '-q', '-m', 'snapshot');
  return git(into, 'rev-parse', 'HEAD').trim();
}

const BROKEN =
  '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a/" "balancer://a/"\n';

describe('the pre-commit hook', function () {
  // Installing runs `npm install` of the development dependencies from the cache, and two builds.
  this.timeout(900_000);

  it('installs offline from a clone and fails the commit on an error, then passes once it is fixed', () => {
    const temp = tempDir('balancer-lens-pre-commit-');
    const hookRepository = join(temp, 'balancer-lens');
    const rev = snapshotRepository(hookRepository);
    const project = join(temp, 'project');
    mkdirSync(join(project, 'apache'), { recursive: true });
    writeFileSync(join(project, 'apache/site.conf'), BROKEN);
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${hookRepository}\n    rev: ${rev}\n    hooks:\n      - id: balancer-lens\n`,
    );
    git(project, 'init', '-q');
    git(project, 'add', '-A');
    const env = hookEnvironment(join(temp, 'pre-commit-home'));
    const run = () => spawnSync('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: project, env, encoding: 'utf8' });

    const failing = run();
    assert.equal(failing.error, undefined, 'pre-commit is installed (apt-get install pre-commit)');
    assert.equal(failing.status, 1, `${failing.stdout}\n${failing.stderr}`);
    assert.match(failing.stdout, /balancer-lens\.+Failed/);
    assert.match(failing.stdout, /apache\/site\.conf\n\s+2:54\s+error\s+loadfactor "0" is out of range.*zero-loadfactor/);

    writeFileSync(join(project, 'apache/site.conf'), BROKEN.replace('loadfactor=0', 'loadfactor=1'));
    git(project, 'add', '-A');
    const passing = run();
    assert.equal(passing.status, 0, `${passing.stdout}\n${passing.stderr}`);
    assert.match(passing.stdout, /balancer-lens\.+Passed/);
  });
});

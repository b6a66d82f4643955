// `diff --base REV` reads a revision that anyone may have crafted (a pull request, a fresh clone):
// git's own checks (fsck) are off by default on clone, so its tree may hold duplicate names, a
// symlink and a folder of one name, links to anywhere or to nothing, names like `..`. Nothing of it
// is written to disk, nothing outside the repository is read, odd trees are a git problem (exit 2,
// one line), and nothing is left in the temp folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { tempDir } from '../support/temp';

const CONFIG = '<Proxy "balancer://shop">\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\nProxyPass "/" "balancer://shop/"\n';

/** One entry of a tree made with `git mktree`: mode, object and name. */
type Entry = readonly [mode: '100644' | '120000' | '040000', object: string, name: string];

describe('security: diff reads a crafted git revision without writing or leaving anything', () => {
  let scratch: string;
  let home: string;
  let repo: string;
  let savedTmp: string | undefined;

  function git(args: readonly string[], input?: string | Buffer): string {
    return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: repo,
      input,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: home },
    }).trim();
  }
  const blob = (bytes: string | Buffer): string => git(['hash-object', '-w', '--stdin'], bytes);
  const tree = (entries: readonly Entry[]): string =>
    git(
      ['mktree', '--missing'],
      entries.map(([mode, object, name]) => `${mode} ${mode === '040000' ? 'tree' : 'blob'} ${object}\t${name}\n`).join(''),
    );
  /** Commits the tree as branch `evil` (the working tree stays at the first commit). */
  function evil(entries: readonly Entry[]): void {
    const commit = git(['commit-tree', tree(entries), '-m', 'evil']);
    git(['update-ref', 'refs/heads/evil', commit]);
  }

  beforeEach(() => {
    const base = tempDir('balancer-lens-crafted-');
    home = join(base, 'home');
    repo = join(base, 'repo');
    scratch = join(base, 'tmp');
    for (const dir of [home, repo, scratch]) mkdirSync(dir);
    writeFileSync(join(home, '.bashrc'), 'export PS1=safe\n');
    writeFileSync(join(repo, 'site.conf'), CONFIG);
    git(['init', '-q', '-b', 'main']);
    git(['add', '.']);
    git(['commit', '-q', '-m', 'base']);
    // The CLI's scratch files, if it made any, would land here.
    savedTmp = process.env['TMPDIR'];
    process.env['TMPDIR'] = scratch;
  });

  afterEach(() => {
    if (savedTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = savedTmp;
  });

  /** `diff --base evil ARGS` in the repository, with HOME in the test's folder; the temp folder is left empty. */
  function diffEvil(...args: string[]): ReturnType<typeof runCli> {
    const result = runCli(['diff', '--base', 'evil', ...args], { cwd: repo, env: { HOME: home, TMPDIR: scratch } });
    assert.deepEqual(readdirSync(scratch), [], 'left in the temp folder');
    return result;
  }

  /** Exit 2 with one line on stderr that matches `said`. */
  function assertGitProblem(result: ReturnType<typeof runCli>, said: RegExp): void {
    assert.equal(result.status, 2, result.stderr);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, said);
  }

  it('never writes through a symlink: a link to ~/.bashrc then a blob of the same name', () => {
    evil([
      ['120000', blob(join(home, '.bashrc')), 'x.conf'],
      ['100644', blob('echo owned\n'), 'x.conf'],
    ]);
    const result = diffEvil();
    assert.equal(readFileSync(join(home, '.bashrc'), 'utf8'), 'export PS1=safe\n');
    assertGitProblem(result, /^balancer-lens: evil: the tree holds x\.conf twice\b/);
  });

  it('never writes through a relative symlink either', () => {
    evil([
      ['120000', blob('../../home/.bashrc'), 'x.conf'],
      ['100644', blob('echo owned\n'), 'x.conf'],
    ]);
    diffEvil();
    assert.equal(readFileSync(join(home, '.bashrc'), 'utf8'), 'export PS1=safe\n');
  });

  for (const [what, target] of [
    ['an empty target', ''],
    ['a NUL in its target', 'site.conf\0x'],
  ] as const) {
    it(`refuses a symlink with ${what} as a git problem (exit 2), not an internal error`, () => {
      evil([
        ['100644', blob(CONFIG), 'site.conf'],
        ['120000', blob(target), 'odd.conf'],
      ]);
      assertGitProblem(diffEvil(), /^balancer-lens: evil: odd\.conf is a symbolic link to an (empty|invalid) target\b/);
    });
  }

  it('refuses a symlink and a folder of one name', () => {
    evil([
      ['120000', blob(home), 'conf'],
      ['040000', tree([['100644', blob(CONFIG), 'site.conf']]), 'conf'],
    ]);
    assertGitProblem(diffEvil(), /^balancer-lens: evil: the tree holds conf twice\b/);
  });

  for (const name of ['..', '.', '.git', '.GIT']) {
    it(`refuses an entry named ${name}`, () => {
      evil([
        ['100644', blob(CONFIG), 'site.conf'],
        ['100644', blob(CONFIG), name],
      ]);
      assertGitProblem(diffEvil(), /^balancer-lens: evil: the tree holds an entry named "\.[.a-zA-Z]*", which git does not check out\b/);
    });
  }

  it('reads nothing outside the repository through a symlink of the revision (walked or included)', () => {
    writeFileSync(join(home, 'secret.conf'), CONFIG.replace('shop', 'secret-token'));
    evil([
      ['100644', blob(`${CONFIG}Include outside.conf\nIncludeOptional ${home}/secret.conf\n`), 'site.conf'],
      ['120000', blob(join(home, 'secret.conf')), 'outside.conf'],
      ['120000', blob('../home/secret.conf'), 'relative.conf'],
    ]);
    const result = diffEvil('--format', 'json');
    assert.doesNotMatch(result.stdout + result.stderr, /secret-token/);
  });

  it('reads symlinks inside the revision, wherever they point within it', () => {
    evil([
      ['040000', tree([['100644', blob(CONFIG.replace('10.0.0.1', '10.0.0.9')), 'real.conf']]), 'deep'],
      ['120000', blob('deep/real.conf'), 'site.conf'],
      ['120000', blob('deep'), 'also'],
    ]);
    const result = diffEvil('site.conf');
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /10\.0\.0\.9:8080/);
  });

  it('reads only the blobs the paths select: a missing object elsewhere does not matter', () => {
    evil([
      ['040000', tree([['100644', blob(CONFIG.replace('10.0.0.1', '10.0.0.9')), 'site.conf']]), 'conf'],
      ['040000', tree([['100644', '1111111111111111111111111111111111111111', 'gone.conf']]), 'a-other'],
    ]);
    mkdirSync(join(repo, 'conf'));
    mkdirSync(join(repo, 'a-other'));
    writeFileSync(join(repo, 'conf/site.conf'), CONFIG);
    const result = diffEvil('conf');
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /10\.0\.0\.9:8080/);
    assertGitProblem(diffEvil('a-other'), /^balancer-lens: evil: git cat-file: .*1111111111111111111111111111111111111111/);
  });

  it('refuses a PATH outside the repository rather than read it from the disk as the revision', () => {
    evil([['100644', blob(CONFIG), 'site.conf']]);
    assertGitProblem(diffEvil(home), /^balancer-lens: .*home is outside the repository .*: diff --base REV compares its files\n$/);
  });

  it('reports a blob over --max-size as too large, as the real file would be', () => {
    evil([['100644', blob(`${CONFIG}#${'x'.repeat(1.5 * 1024 * 1024)}\n`), 'site.conf']]);
    const result = diffEvil('--max-size', '1');
    assertGitProblem(result, /^balancer-lens: site\.conf is 1\.5 MB, more than the 1\.0 MB limit/);
  });

  it('leaves nothing behind when the revision is fine', () => {
    evil([['100644', blob(CONFIG.replace('10.0.0.1', '10.0.0.9')), 'site.conf']]);
    assert.equal(diffEvil().status, 1);
  });
});

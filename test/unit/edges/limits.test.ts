/**
 * The limits the CLI and the language server enforce (README "Reliability" → "Limits"): the size of
 * a file and of a configuration, the files and folders read through Include, the folder depth, and
 * the time `lint --max-time` and the server's workspace search may take. The CLI runs in-process.
 */
import assert from 'node:assert/strict';
import { runCli, spawnCli, type Run } from '../../support/cli';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_READ_LIMITS } from '../../../server/src/core/syntax/includes';
import { DEFAULT_SETTINGS, readSettings } from '../../../server/src/lsp/settings';
import { SEARCH_CAP, workspaceFiles } from '../../../server/src/lsp/workspace';
import { diskAccess } from '../../../server/src/node/files';
import { tempDir } from '../../support/temp';

const MB = 1024 * 1024;

function cli(args: readonly string[], cwd: string): Run {
  return runCli(args, { cwd });
}

/** A temporary directory holding `files` (path → content). */
function tree(files: Record<string, string>): string {
  const root = tempDir('balancer-lens-limits-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const BALANCER =
  '<Proxy "balancer://b">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\nProxyPass "/b/" "balancer://b/"\nProxyPassReverse "/b" "balancer://b/"\n';

describe('limits: the CLI', function () {
  this.timeout(120_000);

  it('does not read an included file over --max-size: a finding on the Include line, and exit 2', () => {
    const root = tree({ 'main.conf': `Include big.conf\n${BALANCER}`, 'big.conf': `# ${'x'.repeat(2000)}\n` });
    const run = cli(['lint', 'main.conf', '--max-size', '0.001', '--format', 'compact'], root);
    assert.equal(run.status, 2, run.stderr);
    // The path is quoted, its start cut with … when it is long (a temporary folder's may be).
    assert.match(
      run.stdout,
      /^main\.conf:1:1: info: "[^"]*\/big\.conf" is 2\.0 KB, more than the 1\.0 KB a file may have, so it is not read \(--max-size\) \[include-over-limit\]\n$/,
    );
    assert.ok(`${root}/big.conf`.endsWith(/"(?:…)?([^"]*)"/.exec(run.stdout)![1]!));
    assert.equal(run.stderr, 'balancer-lens: 1 include was not read in full (see the include-over-limit findings)\n');
    const raised = cli(['lint', 'main.conf', '--max-size', '0.01'], root);
    assert.deepEqual([raised.status, raised.stdout, raised.stderr], [0, '', '']);
  });

  it('skips a named file over --max-size, as one it cannot read', () => {
    const root = tree({ 'big.conf': `# ${'x'.repeat(2000)}\n`, 'ok.conf': BALANCER });
    const run = cli(['lint', 'big.conf', 'ok.conf', '--max-size', '0.001'], root);
    assert.equal(run.status, 2);
    assert.match(
      run.stderr,
      /^balancer-lens: big\.conf is 0\.0 MB, more than the 0\.0 MB limit \(--max-size MB raises it; past about [\d.]+ MB, raise the Node\.js heap too: NODE_OPTIONS=--max-old-space-size=MB\), skipped\n$/,
    );
    const schedule = cli(['schedule', 'big.conf', '--max-size', '0.001'], root);
    assert.equal(schedule.status, 2);
    assert.match(schedule.stderr, /big\.conf is 0\.0 MB, more than the 0\.0 MB limit/);
  });

  it('reads at most --max-includes files and folders, and no deeper than --max-directory-depth', () => {
    const root = tree({ 'main.conf': `Include conf.d\n${BALANCER}`, 'conf.d/a.conf': '', 'conf.d/b.conf': '', 'conf.d/deeper/c.conf': '' });
    const findings = (args: string[]): [number | null, string[]] => {
      const run = cli(['lint', 'main.conf', '--format', 'compact', ...args], root);
      return [
        run.status,
        run.stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => line.replace(/ \(--max-.*$/, '')),
      ];
    };
    assert.deepEqual(findings([]), [0, []]);
    assert.deepEqual(findings(['--max-includes', '5']), [0, []]);
    assert.deepEqual(findings(['--max-includes', '4']), [
      2,
      ['main.conf:1:1: info: this configuration reaches more than the 4 files and folders Include may read, so the rest are not read'],
    ]);
    assert.deepEqual(findings(['--max-directory-depth', '0']), [
      2,
      ['main.conf:1:1: info: this include reaches folders more than 0 levels below the folder it names, which are not read'],
    ]);
    const schedule = cli(['schedule', 'main.conf', '--max-includes', '0'], root);
    assert.equal(schedule.status, 2);
    assert.match(schedule.stdout, /^balancer:\/\/b {2}main\.conf:2 /, 'the schedule is still shown');
    assert.match(schedule.stderr, /^balancer-lens: main\.conf:1:1: this configuration reaches more than the 0 files and folders/);
  });

  // The reads each limit allows are counted in test/unit/syntax/includes.test.ts; here the CLI's
  // message shows the limit stopped the walk (mocha's time-out is only a safety net).
  it('ends includes that multiply (8 in each of 9 files) and a folder holding two symlink loops, within the default limits', () => {
    const files: Record<string, string> = { 'f10.conf': BALANCER };
    for (let i = 1; i <= 9; i++) files[`f${i}.conf`] = `Include f${i + 1}.conf\n`.repeat(8);
    const root = tree({ ...files, 'loops/site.conf': BALANCER, 'main.conf': 'Include loops\n' });
    symlinkSync('.', join(root, 'loops/a'));
    symlinkSync('.', join(root, 'loops/b'));
    for (const entry of ['f1.conf', 'main.conf']) {
      const run = cli(['lint', entry, '--format', 'compact'], root);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stdout, /this configuration reaches more than the 10,000 files and folders/);
    }
  });

  it('stops lint at --max-time between files, reporting nothing', () => {
    const root = tree({
      'a.conf': BALANCER,
      'b.conf': BALANCER,
      'c.conf':
        '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n',
    });
    // The binary: --max-time counts from the start of the process, and Node alone takes longer than a
    // millisecond to start, so the first check already stops the run.
    const stopped = spawnCli(['lint', '.', '--max-time', '0.001'], { cwd: root });
    assert.deepEqual(
      [stopped.status, stopped.stdout, stopped.stderr],
      [2, '', 'balancer-lens: --max-time 0.001 ran out while reading a.conf: stopped, and nothing is reported\n'],
    );
    const finished = cli(['lint', '.', '--max-time', '60', '--format', 'compact'], root);
    assert.equal(finished.status, 1);
    assert.match(finished.stdout, /^c\.conf:2:54: error: /);
    for (const value of ['0', 'soon', '1e3']) {
      const refused = cli(['lint', '.', '--max-time', value], root);
      assert.deepEqual(
        [refused.status, refused.stderr],
        [2, `balancer-lens: --max-time takes a number of seconds such as 60 or 0.5, not '${value}'\n`],
      );
    }
  });

  it('refuses limits that are not numbers', () => {
    const root = tree({ 'a.conf': BALANCER });
    const usage: [string[], RegExp][] = [
      [['--max-size', '0'], /--max-size takes a size in MB such as 100 or 0\.5, not '0'/],
      [['--max-size', 'big'], /--max-size takes a size in MB/],
      [['--max-includes=-1'], /--max-includes takes a whole number such as 10000, not '-1'/],
      [['--max-directory-depth', '1.5'], /--max-directory-depth takes a whole number such as 32, not '1\.5'/],
    ];
    for (const [args, message] of usage) {
      for (const command of ['lint', 'schedule']) {
        const run = cli([command, 'a.conf', ...args], root);
        assert.equal(run.status, 2, `${command} ${args.join(' ')}`);
        assert.match(run.stderr, message);
        assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
      }
    }
  });
});

describe('limits: shared by the CLI and the server', () => {
  it('measures a file over the size limit instead of reading it', () => {
    const root = tree({ 'big.conf': 'x'.repeat(3000), 'small.conf': 'y' });
    const access = diskAccess({ maxBytes: 2000 });
    assert.deepEqual(access.readFile(join(root, 'big.conf')), { bytes: 3000, limit: 2000 });
    assert.equal(access.readFile(join(root, 'small.conf')), 'y');
    assert.equal(diskAccess().readFile(join(root, 'big.conf')), 'x'.repeat(3000));
  });

  it('reads balancerLens.limits, keeping the default for a value it cannot use', () => {
    const warnings: string[] = [];
    const read = (limits: unknown) => readSettings({ limits }, (message) => warnings.push(message)).limits;
    assert.deepEqual(DEFAULT_SETTINGS.limits, { ...DEFAULT_READ_LIMITS, size: 2 * MB });
    assert.deepEqual(read(undefined), DEFAULT_SETTINGS.limits);
    assert.deepEqual(read({ maxSize: 0.5, maxIncludes: 0, maxDirectoryDepth: 3 }), { size: 0.5 * MB, includes: 0, directoryDepth: 3 });
    assert.deepEqual(warnings, []);
    assert.deepEqual(read({ maxSize: 0, maxIncludes: 2.5, maxDirectoryDepth: '3' }), DEFAULT_SETTINGS.limits);
    assert.deepEqual(warnings, [
      'balancerLens.limits.maxSize: use a size in MB greater than 0',
      'balancerLens.limits.maxIncludes: use a whole number of files and folders',
      'balancerLens.limits.maxDirectoryDepth: use a whole number of folder levels',
    ]);
  });
});

describe("limits: the server's workspace search", () => {
  it('walks the workspace as lint walks a folder, stops at SEARCH_CAP entries and says it was capped', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < SEARCH_CAP + 50; i++) files[`site-${String(i).padStart(4, '0')}.conf`] = BALANCER;
    files['zz-notes.txt'] = 'not a configuration';
    const root = tree(files);
    const none = () => ({ path: undefined, base: root, rules: {}, include: undefined });
    const found = workspaceFiles([root], none);
    assert.equal(found.capped, true);
    assert.equal(found.paths.length, SEARCH_CAP);
    assert.equal(found.paths[0], `${root}/site-0000.conf`);
    const small = workspaceFiles([tree({ 'a.conf': BALANCER, 'b.txt': '' })], none);
    assert.deepEqual([small.capped, small.paths.map((path) => path.slice(path.lastIndexOf('/') + 1))], [false, ['a.conf']]);
  });
});

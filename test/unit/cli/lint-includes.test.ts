// `balancer-lens lint` on whole configurations: the bundled CLI on test/fixtures/tree, a small
// Debian-like layout (apache2.conf, envvars, mods-enabled/, conf-enabled/, sites-enabled/).
// Build first: `npm run build` (npm test does).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LintJsonFile, lintJson, runCli, Run } from '../../support/cli';
import { tempDir } from '../../support/temp';

const ROOT = join(__dirname, '../../..');
const TREE = join(ROOT, 'test/fixtures/tree');
const ENTRY = join(TREE, 'apache2.conf');
const ENVVARS = join(TREE, 'envvars');

/** `lint --format json ARGS`: the files reported, and each finding as `file:line rule-id` with the file relative to `base`. */
function lintTree(args: readonly string[], base = TREE): { run: Run; files: LintJsonFile[]; findings: string[] } {
  const { run, results: files } = lintJson(args);
  assert.equal(run.stderr, '');
  const findings = files.flatMap((file) =>
    file.messages.map((message) => `${file.filePath.replace(`${base}/`, '')}:${message.line} ${message.ruleId}`),
  );
  return { run, files, findings };
}

/** The 1-based line of the first line of `path` (relative to the tree) that contains `text`. */
function lineOf(path: string, text: string, tree = TREE): number {
  const index = readFileSync(join(tree, path), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  assert.ok(index >= 0, `${text} not in ${path}`);
  return index + 1;
}

/** What the fixture tree gives with its envvars: one finding in conf-enabled/, two in sites-enabled/. */
const TREE_FINDINGS = [
  `conf-enabled/balancers.conf:${lineOf('conf-enabled/balancers.conf', 'balancer://reports')} all-members-disabled`,
  `sites-enabled/shop.conf:${lineOf('sites-enabled/shop.conf', 'BalancerMember balancer://shop')} vhost-members-ignored`,
  `sites-enabled/shop.conf:${lineOf('sites-enabled/shop.conf', 'balancer://reports/')} all-members-disabled`,
];

/** A copy of the fixture tree to change. */
function copyTree(): string {
  const dir = tempDir('balancer-lens-tree-');
  cpSync(TREE, dir, { recursive: true });
  return dir;
}

describe('balancer-lens lint: whole configurations', function () {
  // Each test spawns the bundled CLI a few times (a quarter to half a second each).
  this.timeout(20_000);
  const copies: string[] = [];
  const copy = (): string => {
    const dir = copyTree();
    copies.push(dir);
    return dir;
  };
  after(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('lints an entry file with what it includes: findings in included files under their own paths, one JSON entry per file', () => {
    const { run, files, findings } = lintTree([ENTRY, '--env-file', ENVVARS]);
    assert.equal(run.status, 0);
    assert.deepEqual(findings, TREE_FINDINGS);
    // The entry (clean: it is what was given) and each included file with findings, once, by absolute path.
    assert.deepEqual(
      files.map((file) => file.filePath),
      [ENTRY, join(TREE, 'conf-enabled/balancers.conf'), join(TREE, 'sites-enabled/shop.conf')],
    );
  });

  it('shows findings in included files with their own paths in the compact format', () => {
    const run = runCli(['lint', 'test/fixtures/tree/apache2.conf', '--env-file', ENVVARS, '--format', 'compact']);
    assert.equal(run.status, 0);
    const shown = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/:\d+: .*\[/, ' ['));
    assert.deepEqual(shown, [
      'test/fixtures/tree/conf-enabled/balancers.conf:8 [all-members-disabled]',
      'test/fixtures/tree/sites-enabled/shop.conf:6 [vhost-members-ignored]',
      'test/fixtures/tree/sites-enabled/shop.conf:8 [all-members-disabled]',
    ]);
  });

  it('lints a folder: files no other file includes are the entry points, so nothing is reported twice and no balancer is undefined', () => {
    const { run, files, findings } = lintTree([TREE, '--env-file', ENVVARS]);
    assert.equal(run.status, 0);
    assert.deepEqual(findings, TREE_FINDINGS);
    const paths = files.map((file) => file.filePath);
    assert.equal(new Set(paths).size, paths.length, paths.join('\n'));
    assert.ok(paths.includes(join(TREE, 'mods-enabled/proxy.load')), 'every file of the folder is reported, clean ones too');
  });

  it("treats a site reached through sites-enabled/'s symlink as the sites-available/ file", () => {
    const dir = copy();
    mkdirSync(join(dir, 'sites-available'));
    renameSync(join(dir, 'sites-enabled/shop.conf'), join(dir, 'sites-available/shop.conf'));
    symlinkSync('../sites-available/shop.conf', join(dir, 'sites-enabled/shop.conf'));
    const { findings } = lintTree([dir, '--env-file', ENVVARS], dir);
    assert.deepEqual(
      findings,
      TREE_FINDINGS.map((finding) => finding.replace('sites-enabled/', 'sites-available/')),
    );
  });

  it('lints files that include each other: the cycle is a finding, and nothing is lost', () => {
    const dir = copy();
    writeFileSync(join(dir, 'conf-enabled/loop-a.conf'), 'Include conf-enabled/loop-b.conf\n');
    writeFileSync(join(dir, 'conf-enabled/loop-b.conf'), 'Include conf-enabled/loop-a.conf\n');
    const cycle = 'conf-enabled/loop-b.conf:1 include-failed';
    const folder = lintTree([join(dir, 'conf-enabled'), '--server-root', dir], dir);
    assert.equal(folder.run.status, 1);
    assert.deepEqual(
      folder.findings.filter((finding) => !finding.endsWith('all-members-disabled')),
      [cycle],
    );
    // Through the entry file, conf-enabled/*.conf reads each file of the cycle in turn, and each closes it.
    const entry = lintTree([join(dir, 'apache2.conf'), '--env-file', ENVVARS], dir).findings;
    assert.deepEqual(entry, [...TREE_FINDINGS.slice(0, 1), cycle, 'conf-enabled/loop-a.conf:1 include-failed', ...TREE_FINDINGS.slice(1)]);
  });

  it('resolves ${APACHE_LOG_DIR} and the other APACHE_* variables from --env-file', () => {
    // Without envvars beside apache2.conf (read by default when it is there, as apache2ctl does).
    const bare = copy();
    rmSync(join(bare, 'envvars'));
    const without = lintTree([join(bare, 'apache2.conf')], bare).findings.filter((finding) => finding.endsWith('undefined-variable'));
    assert.deepEqual(without, [
      'apache2.conf:3 undefined-variable',
      'apache2.conf:4 undefined-variable',
      'apache2.conf:5 undefined-variable',
      'apache2.conf:6 undefined-variable',
      'apache2.conf:7 undefined-variable',
      `sites-enabled/shop.conf:${lineOf('sites-enabled/shop.conf', '${APACHE_LOG_DIR}')} undefined-variable`,
    ]);
    assert.deepEqual(
      lintTree([ENTRY, '--env-file', ENVVARS]).findings.filter((finding) => finding.endsWith('undefined-variable')),
      [],
    );
  });

  it('answers <IfDefine> from --define and -D', () => {
    const line = lineOf('apache2.conf', 'lbmethod=bytraffic');
    for (const flag of ['-D', '--define']) {
      const { run, findings } = lintTree([ENTRY, '--env-file', ENVVARS, flag, 'STAGING']);
      assert.equal(run.status, 1, flag);
      assert.deepEqual(findings, [`apache2.conf:${line} unknown-lbmethod`, ...TREE_FINDINGS], flag);
    }
    assert.deepEqual(lintTree([ENTRY, '--env-file', ENVVARS, '-D', 'STAGINGX']).findings, TREE_FINDINGS);
  });

  it("reads no included file outside the current folder, the linted files' folders and --include-root: not by path, ../ or symlink", () => {
    // A configuration from a pull request must not make CI print a file from elsewhere on the machine.
    const secrets = tempDir('balancer-lens-secrets-');
    writeFileSync(join(secrets, 'token.conf'), 'SECRET_TOKEN=hunter2-not-for-logs\n');
    const repo = tempDir('balancer-lens-repo-');
    symlinkSync(join(secrets, 'token.conf'), join(repo, 'link.conf'));
    const relative = `../${secrets.split('/').at(-1)}/token.conf`;
    // LoadModule with an MPM (its file where the line says): a complete configuration, where every unknown directive is reported with its name.
    mkdirSync(join(repo, 'modules'));
    writeFileSync(join(repo, 'modules', 'mod_mpm_event.so'), '');
    writeFileSync(
      join(repo, 'site.conf'),
      `LoadModule mpm_event_module modules/mod_mpm_event.so\nInclude ${secrets}/token.conf\nInclude link.conf\nInclude ${relative}\n`,
    );
    const confined = runCli(['lint', 'site.conf', '--format', 'json'], { cwd: repo });
    assert.equal(confined.status, 0, confined.stderr);
    assert.ok(!confined.stdout.includes('hunter2') && !confined.stderr.includes('hunter2'), confined.stdout);
    const messages = (JSON.parse(confined.stdout) as LintJsonFile[]).flatMap((file) => file.messages);
    assert.deepEqual(
      messages.map((message) => `${message.line} ${message.ruleId}`),
      ['2 include-outside-roots', '3 include-outside-roots', '4 include-outside-roots'],
    );
    // Named with --include-root, the folder is read like any other.
    const widened = runCli(['lint', 'site.conf', '--include-root', secrets, '--format', 'json'], { cwd: repo });
    assert.equal(widened.status, 1);
    assert.ok(widened.stdout.includes('hunter2'), widened.stdout);
    // A mistyped folder is said so, not silently left out.
    const typo = runCli(['lint', 'site.conf', '--include-root', `${secrets}-typo`], { cwd: repo });
    assert.equal(typo.status, 2);
    assert.match(typo.stderr, /--include-root takes a folder, and \S+-typo is not one/);
  });

  it('starts relative includes at --server-root unless the configuration sets ServerRoot', () => {
    const dir = copy();
    const entry = join(dir, 'elsewhere/main.conf');
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(entry, 'Include conf-enabled/*.conf\nInclude sites-enabled/*.conf\n');
    // Without --server-root, the entry file's folder: nothing there.
    const alone = lintTree([entry], dir);
    assert.equal(alone.run.status, 1);
    assert.deepEqual(alone.findings, ['elsewhere/main.conf:1 include-failed', 'elsewhere/main.conf:2 include-failed']);
    const rooted = lintTree([entry, '--env-file', ENVVARS, '--server-root', dir], dir);
    assert.equal(rooted.run.status, 0);
    assert.deepEqual(rooted.findings, TREE_FINDINGS);
    // ServerRoot in the configuration wins over --server-root; it does not widen the folders read
    // through Include (a configuration could name any folder), --include-root does.
    writeFileSync(entry, `ServerRoot "${dir}"\nInclude conf-enabled/*.conf\nInclude sites-enabled/*.conf\n`);
    const confined = runCli(['lint', entry, '--env-file', ENVVARS, '--server-root', join(dir, 'elsewhere'), '--format', 'json']);
    assert.equal(confined.status, 0);
    const outside = (JSON.parse(confined.stdout) as LintJsonFile[]).flatMap((file) =>
      file.messages.filter((message) => message.ruleId === 'include-outside-roots'),
    );
    assert.ok(
      outside.length > 0 && outside.every((message) => message.message.includes('is outside the include roots, so it is not read')),
      confined.stdout,
    );
    assert.deepEqual(
      lintTree([entry, '--env-file', ENVVARS, '--server-root', join(dir, 'elsewhere'), '--include-root', dir], dir).findings,
      TREE_FINDINGS,
    );
  });

  it('reports a missing included file as a finding (exit 1), not a crash', () => {
    const dir = copy();
    const site = join(dir, 'sites-enabled/shop.conf');
    writeFileSync(
      site,
      readFileSync(site, 'utf8').replace(
        '</VirtualHost>',
        '    Include shop-extra.conf\n    Include shop.d/*.conf\n    IncludeOptional shop-optional.conf\n</VirtualHost>',
      ),
    );
    const { run, files, findings } = lintTree([join(dir, 'apache2.conf'), '--env-file', ENVVARS], dir);
    assert.equal(run.status, 1);
    const line = lineOf('sites-enabled/shop.conf', 'shop-extra.conf', dir);
    assert.deepEqual(
      findings.filter((finding) => finding.endsWith('include-failed')),
      [`sites-enabled/shop.conf:${line} include-failed`, `sites-enabled/shop.conf:${line + 1} include-failed`],
    );
    const messages = files.flatMap((file) => file.messages.flatMap((message) => message.apacheMessage ?? []));
    assert.ok(
      messages.some((message) => message.includes(`Could not open configuration file ${dir}/shop-extra.conf: No such file or directory`)),
      messages.join('\n'),
    );
    assert.ok(
      messages.some((message) => message.includes(`Could not open directory ${dir}/shop.d: No such file or directory`)),
      messages.join('\n'),
    );
  });

  it('schedules a balancer defined in an included file, named by that file', () => {
    const run = runCli(['schedule', ENTRY, '--env-file', ENVVARS, '--format', 'json', '--balancer', 'shop']);
    assert.equal(run.status, 0, run.stderr);
    const { balancers } = JSON.parse(run.stdout) as {
      balancers: { file: string; line: number; scope: string; members: { url: string }[] }[];
    };
    assert.deepEqual(
      balancers.map((balancer) => [
        balancer.file,
        balancer.line,
        balancer.scope === 'main' ? 'main' : 'vhost',
        balancer.members.map((member) => member.url).join(' '),
      ]),
      [
        ['test/fixtures/tree/conf-enabled/balancers.conf', 2, 'main', 'http://10.0.0.1:8080 http://10.0.0.2:8080'],
        ['test/fixtures/tree/sites-enabled/shop.conf', 6, 'vhost', 'http://10.0.0.1:8080 http://10.0.0.2:8080'],
      ],
    );
  });
});

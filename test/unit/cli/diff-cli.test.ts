/**
 * `balancer-lens diff`, in-process: every format on the before/after pairs of test/fixtures/diff
 * (golden files), the exit codes, and git revisions of a temporary repository — including one whose
 * configuration names commands git must not run.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../support/cli';
import { checkGolden } from '../../support/golden';
import { tempDir } from '../../support/temp';
import { parseXml } from '../../support/xml';

const PAIRS = join(__dirname, '../../fixtures/diff');
const pairs = readdirSync(PAIRS).sort();

/** `diff old new` in the pair's folder, so the report shows `old → new` and files relative to each. */
function diffPair(pair: string, ...args: string[]): ReturnType<typeof runCli> {
  return runCli(['diff', 'old', 'new', ...args], { cwd: join(PAIRS, pair) });
}

const proxy = (...members: string[]): string =>
  `<Proxy "balancer://shop">\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>\nProxyPass "/" "balancer://shop/"\n`;

describe('balancer-lens diff', () => {
  it('has at least 15 before/after pairs, each a folder pair', () => {
    assert.ok(pairs.length >= 15, `${pairs.length} pairs`);
    for (const pair of pairs) assert.ok(existsSync(join(PAIRS, pair, 'old')) && existsSync(join(PAIRS, pair, 'new')), pair);
  });

  const formats: [format: string, golden: string][] = [
    ['text', 'diff-pairs.txt'],
    ['markdown', 'diff-pairs.md'],
    ['json', 'diff-pairs.json.txt'],
  ];
  for (const [format, golden] of formats) {
    it(`prints every pair as ${format} (golden)`, () => {
      const out = pairs.map((pair) => {
        const result = diffPair(pair, '--format', format);
        assert.equal(result.stderr, '', pair);
        const body = format === 'json' ? `${JSON.stringify(JSON.parse(result.stdout), null, 2)}\n` : result.stdout;
        return `=== ${pair} (exit ${result.status})\n${body}`;
      });
      checkGolden(golden, out.join('\n'));
    });
  }

  it('exits 0 only for the pair that changes nothing a request would notice', () => {
    const unchanged = pairs.filter((pair) => diffPair(pair).status === 0);
    assert.deepEqual(unchanged, ['15-no-change']);
    assert.ok(pairs.every((pair) => diffPair(pair, '--exit-zero').status === 0));
  });

  it('colours text only when asked (or on a terminal): green for a share that grows, red for one that shrinks', () => {
    assert.doesNotMatch(diffPair(pairs[0]!).stdout, /\u001b\[/);
    const coloured = diffPair(pairs[0]!, '--color').stdout;
    assert.match(coloured, /\u001b\[31m70\.0% → 18\.9% \(−51\.1\)\u001b\[0m/);
    assert.match(coloured, /\u001b\[32m30\.0% → 81\.1% \(\+51\.1\)\u001b\[0m/);
  });

  it('draws every pair as well-formed, self-contained SVG (golden for the first)', () => {
    for (const pair of pairs) {
      const svg = diffPair(pair, '--format', 'svg').stdout;
      const elements = parseXml(svg);
      assert.equal(elements[0], 'svg', pair);
      assert.doesNotMatch(svg, /(href|src)=|url\(|@import/, `${pair}: external resource`);
      assert.match(svg, /prefers-color-scheme:dark/);
    }
    checkGolden('diff-loadfactor.svg', diffPair(pairs[0]!, '--format', 'svg').stdout);
  });

  it('draws an SVG that holds hostile text as text', () => {
    const dir = tempDir('balancer-lens-diff-');
    writeFileSync(join(dir, 'old.conf'), proxy('"http://a.example/]]></text><script>x</script>"'));
    writeFileSync(join(dir, 'new.conf'), proxy('"http://a.example/]]></text><script>x</script>" loadfactor=2', 'http://b&c'));
    const svg = runCli(['diff', 'old.conf', 'new.conf', '-f', 'svg'], { cwd: dir }).stdout;
    assert.ok(!parseXml(svg).includes('script'));
  });

  it('keeps hostile text inside its markdown table cell', () => {
    const dir = tempDir('balancer-lens-diff-');
    const url = '"http://a.example/x|y`z*b*[l](j)"';
    writeFileSync(join(dir, 'old.conf'), proxy(url));
    writeFileSync(join(dir, 'new.conf'), proxy(`${url} loadfactor=2`, 'http://b.example'));
    const markdown = runCli(['diff', 'old.conf', 'new.conf', '-f', 'markdown'], { cwd: dir }).stdout;
    const rows = markdown.split('\n').filter((line) => line.startsWith('| a ') || line.startsWith('| b '));
    assert.equal(rows.length, 2, markdown);
    for (const row of rows) assert.equal(row.split(/(?<!\\)\|/).length, 8, row);
    assert.doesNotMatch(markdown, /(?<!\\)`z|(?<!\\)\*b|(?<!\\)\[l/);
  });

  it('makes no mention, issue link, image or autolink of names and paths in markdown', () => {
    const dir = tempDir('balancer-lens-diff-');
    for (const side of ['old', 'new']) mkdirSync(join(dir, side));
    const name = '@octocat #1 ![i](https:x).conf';
    writeFileSync(join(dir, 'old', name), proxy('"http://a.example/@octocat"'));
    writeFileSync(join(dir, 'new', name), proxy('"http://a.example/@octocat" loadfactor=2', 'http://www.b.example'));
    const markdown = runCli(['diff', 'old', 'new', '-f', 'markdown'], { cwd: dir }).stdout;
    assert.match(markdown, /octocat/);
    assert.doesNotMatch(markdown, /@octocat|#1|(?<!\\)!\[|https?:\/\/|www\./);
  });

  it('markdown shows what changed in a big balancer and summarises the rest, within a pull-request comment', function () {
    // Two runs of the CLI over 20,000 members: about 2 s on a quiet machine. The time-out is a safety
    // net against a hang, ten times what a loaded machine takes: what is checked is the report.
    this.timeout(300_000);
    const dir = tempDir('balancer-lens-diff-');
    const members = Array.from({ length: 20_000 }, (_, index) => `http://10.${index >> 16}.${(index >> 8) & 255}.${index & 255}:8080`);
    writeFileSync(join(dir, 'old.conf'), proxy(...members));
    writeFileSync(join(dir, 'new.conf'), proxy(...members, 'http://192.0.2.1:8080'));
    const markdown = runCli(['diff', 'old.conf', 'new.conf', '-f', 'markdown'], { cwd: dir }).stdout;
    assert.ok(markdown.length <= 65_536, `${markdown.length} characters`);
    assert.match(markdown, /\| http\\:\/\/192\.0\.2\.1:8080 \|.*\| added/, 'the added member has its row');
    assert.match(markdown, /… and 19,951 more members: shares moved by at most 0\.0 points/);
    assert.match(markdown, /0 balancers unchanged/);
  });

  it('markdown of many changed balancers stops within a pull-request comment and says so', function () {
    // A safety net against a hang, as above.
    this.timeout(300_000);
    const dir = tempDir('balancer-lens-diff-');
    const many = (factor: number): string =>
      Array.from(
        { length: 3_000 },
        (_, index) =>
          `<Proxy "balancer://b${index}">\n    BalancerMember http://10.0.${index >> 8}.${index & 255}:8080 loadfactor=${factor}\n    BalancerMember http://10.1.${index >> 8}.${index & 255}:8080\n</Proxy>\nProxyPass "/b${index}/" "balancer://b${index}/"\n`,
      ).join('');
    writeFileSync(join(dir, 'old.conf'), many(1));
    writeFileSync(join(dir, 'new.conf'), many(2));
    const markdown = runCli(['diff', 'old.conf', 'new.conf', '-f', 'markdown'], { cwd: dir }).stdout;
    assert.ok(markdown.length <= 65_536, `${markdown.length} characters`);
    assert.match(markdown, /the report stops here to fit a pull-request comment: `balancer-lens diff` \(text or JSON\) lists everything/);
  });

  it('keeps each text line one line, whatever the files are called', () => {
    const dir = tempDir('balancer-lens-diff-');
    for (const side of ['old', 'new']) mkdirSync(join(dir, side));
    const name = 'a\n::error file=x::forged.conf';
    writeFileSync(join(dir, 'old', name), proxy('http://10.0.0.1:8080', 'http://10.0.0.2:8080'));
    writeFileSync(join(dir, 'new', name), proxy('http://10.0.0.1:8080 loadfactor=3', 'http://10.0.0.2:8080'));
    const text = runCli(['diff', 'old', 'new'], { cwd: dir });
    assert.equal(text.status, 1, text.stderr);
    assert.match(text.stdout, /changed balancer:\/\/shop {2}a\\n::error file=x::forged\.conf:1\n/);
    assert.doesNotMatch(text.stdout, /^::error/m);
  });

  const failures: [string, string[], RegExp][] = [
    ['a bad format', ['diff', 'old', 'new', '--format', 'html'], /unknown format 'html': use text, markdown, json, svg/],
    ['standard input', ['diff', '-', 'new'], /not standard input/],
    ['a missing path', ['diff', 'old', 'nope'], /cannot read nope: no such file/],
    ['a bad flag', ['diff', '--bogus'], /unknown option --bogus/],
  ];
  for (const [what, args, message] of failures) {
    it(`exits 2 with one line for ${what}`, () => {
      const result = runCli(args, { cwd: join(PAIRS, pairs[0]!) });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, message);
      assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    });
  }

  it('exits 2 outside a git repository when no OLD and NEW are given', () => {
    const result = runCli(['diff'], { cwd: tempDir('balancer-lens-nogit-'), env: { GIT_CEILING_DIRECTORIES: '/' } });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^balancer-lens: git rev-parse: fatal: not a git repository/);
  });
});

describe('balancer-lens diff with git', function () {
  // Each test makes a repository and runs git several times: seconds on a busy machine.
  this.timeout(20_000);
  const author = ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false'];
  function git(cwd: string, ...args: string[]): string {
    return execFileSync('git', [...author, ...args], {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    });
  }

  /** A repository whose main branch holds `conf/site.conf` (70/30), with a branch `change` checked out. */
  function repository(): string {
    const dir = tempDir('balancer-lens-git-');
    git(dir, 'init', '-q', '-b', 'main');
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf/site.conf'), proxy('http://10.0.0.1:8080 loadfactor=70', 'http://10.0.0.2:8080 loadfactor=30'));
    writeFileSync(join(dir, 'README'), 'not a configuration\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    git(dir, 'checkout', '-q', '-b', 'change');
    return dir;
  }

  it('compares the working tree with the merge base of the default branch', () => {
    const dir = repository();
    writeFileSync(join(dir, 'conf/site.conf'), proxy('http://10.0.0.1:8080 loadfactor=7', 'http://10.0.0.2:8080 loadfactor=30'));
    const result = runCli(['diff', '--format', 'json'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as { before: string; balancers: { name: string; members: { points: number }[] }[] };
    assert.match(report.before, /^merge-base of main and HEAD \([0-9a-f]{12}\)$/);
    assert.deepEqual(
      report.balancers.map((change) => [change.name, change.members.map((member) => member.points)]),
      [['balancer://shop', [-51.1, 51.1]]],
    );
  });

  it('takes --base REV, a PATH, and a subfolder as the current folder', () => {
    const dir = repository();
    writeFileSync(join(dir, 'conf/site.conf'), proxy('http://10.0.0.1:8080', 'http://10.0.0.2:8080', 'http://10.0.0.3:8080 status=+H'));
    git(dir, 'commit', '-q', '-am', 'standby');
    assert.equal(runCli(['diff', '--base', 'HEAD'], { cwd: dir }).status, 0, 'the working tree is the commit');
    const fromRoot = runCli(['diff', '--base', 'main', 'conf'], { cwd: dir });
    assert.equal(fromRoot.status, 1, fromRoot.stderr);
    assert.match(fromRoot.stdout, /^main \([0-9a-f]{12}\) → working tree\n/);
    assert.match(fromRoot.stdout, /c {2}http:\/\/10\.0\.0\.3:8080 {2}— → 0\.0% {2}added; standby \(idle\)/);
    const fromSubfolder = runCli(['diff', '--base', 'HEAD~1'], { cwd: join(dir, 'conf') });
    assert.equal(fromSubfolder.stdout.replace(/^.*\n/, ''), fromRoot.stdout.replace(/^.*\n/, '').replace('conf/site.conf', 'site.conf'));
  });

  it('reads symlinks of the revision, and a file that only the revision has', () => {
    const dir = repository();
    symlinkSync('site.conf', join(dir, 'conf/linked.conf'));
    writeFileSync(join(dir, 'conf/apache2.conf'), 'Include linked.conf\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'entry');
    writeFileSync(join(dir, 'conf/site.conf'), proxy('http://10.0.0.1:8080'));
    const result = runCli(['diff', '--base', 'HEAD', 'conf'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /b {2}http:\/\/10\.0\.0\.2:8080 {2}30\.0% → — \(−30\.0\) {2}removed/);
  });

  it('reads a folder the change adds as empty in the base: its balancers are added', () => {
    const dir = repository();
    mkdirSync(join(dir, 'new-site'));
    writeFileSync(join(dir, 'new-site/cart.conf'), proxy('http://10.0.3.1:8080'));
    const result = runCli(['diff', '--base', 'main', 'new-site', 'conf'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stdout, /\nadded balancer:\/\/shop \(new-site\/cart\.conf\)\n/);
    assert.match(result.stdout, /\n1 balancer unchanged\n$/);
  });

  it('runs nothing the repository configures: fsmonitor, hooks, filters, diff drivers, pager', () => {
    const dir = repository();
    const marker = join(dir, 'ran');
    const script = join(dir, 'evil.sh');
    writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`);
    chmodSync(script, 0o755);
    for (const [key, value] of [
      ['core.fsmonitor', script],
      ['core.pager', script],
      ['diff.external', script],
      ['diff.evil.textconv', script],
      ['filter.evil.smudge', script],
      ['filter.evil.clean', script],
      ['filter.evil.process', script],
      ['core.sshCommand', script],
    ] as const)
      git(dir, 'config', key, value);
    writeFileSync(join(dir, '.gitattributes'), '* filter=evil diff=evil\n');
    for (const hook of ['post-checkout', 'post-index-change', 'reference-transaction']) {
      writeFileSync(join(dir, '.git/hooks', hook), `#!/bin/sh\necho hook >> '${marker}'\n`);
      chmodSync(join(dir, '.git/hooks', hook), 0o755);
    }
    git(dir, 'config', 'core.fsmonitor', script);
    writeFileSync(join(dir, 'conf/site.conf'), proxy('http://10.0.0.1:8080'));
    const before = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
    const result = runCli(['diff', '--base', 'main'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    assert.equal(existsSync(marker) ? readFileSync(marker, 'utf8') : '', before, 'a configured command ran');
    // The trap works: git's own diff runs the configured external diff.
    git(dir, 'diff', 'main');
    assert.match(readFileSync(marker, 'utf8'), /evil\.sh/);
  });

  /** A repository at `dir` with `files` (relative name → text, or `-> target` for a symlink) committed on main. */
  function committed(files: Readonly<Record<string, string>>): string {
    const dir = tempDir('balancer-lens-git-');
    git(dir, 'init', '-q', '-b', 'main');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      if (text.startsWith('-> ')) symlinkSync(text.slice(3), join(dir, name));
      else writeFileSync(join(dir, name), text);
    }
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    return dir;
  }

  const vhost = (...lines: string[]): string =>
    `<VirtualHost *:80>\n    ServerName shop.example.com\n${lines.map((line) => `    ${line}\n`).join('')}</VirtualHost>\n`;
  const pool = (name: string, ...members: string[]): string =>
    `<Proxy "balancer://${name}">\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>\n`;

  it('reads balancers in conf.d/ and the ProxyPass in sites/ as one configuration: a new route is a route, not a new balancer', () => {
    const dir = committed({
      'conf.d/balancers.conf': pool('api', 'http://10.0.0.1:8080', 'http://10.0.0.2:8080') + pool('web', 'http://10.0.1.1:8080'),
      'sites/shop.conf': vhost('ProxyPass "/" "balancer://web/"'),
    });
    writeFileSync(join(dir, 'sites/shop.conf'), vhost('ProxyPass "/api/" "balancer://api/"', 'ProxyPass "/" "balancer://web/"'));
    const result = runCli(['diff', '--base', 'HEAD', '--format', 'json'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as {
      balancers: unknown[];
      unchanged: number;
      routes: { path: string; before: string; after: string }[];
    };
    assert.deepEqual(report.balancers, []);
    assert.equal(report.unchanged, 2);
    assert.deepEqual(
      report.routes.map((route) => [route.path, route.before, route.after]),
      [['/api/', 'balancer://web', 'balancer://api']],
    );
    // The same files given as a folder and as two files read the same.
    const text = runCli(['diff', '--base', 'HEAD'], { cwd: dir }).stdout;
    assert.equal(runCli(['diff', '--base', 'HEAD', 'conf.d/balancers.conf', 'sites/shop.conf'], { cwd: dir }).stdout, text);
    assert.doesNotMatch(text, /added|no fixed order/);
    assert.match(text, /\n2 balancers unchanged\n$/);
  });

  it('reads a Debian tree whose conf-enabled/ holds committed symlinks: a share change in conf-available/ is reported', () => {
    const dir = committed({
      'apache2/apache2.conf': 'IncludeOptional conf-enabled/*.conf\nIncludeOptional sites-enabled/*.conf\n',
      'apache2/conf-available/pool.conf': pool('api', 'http://10.0.0.1:8080', 'http://10.0.0.2:8080'),
      'apache2/conf-enabled/pool.conf': '-> ../conf-available/pool.conf',
      'apache2/sites-available/shop.conf': vhost('ProxyPass "/api/" "balancer://api/"'),
      'apache2/sites-enabled/shop.conf': '-> ../sites-available/shop.conf',
      'apache2/envvars': 'export APACHE_HEAVY=3\n',
    });
    // ${APACHE_HEAVY} comes from envvars, as lint and apache2ctl read it.
    writeFileSync(
      join(dir, 'apache2/conf-available/pool.conf'),
      pool('api', 'http://10.0.0.1:8080', 'http://10.0.0.2:8080 loadfactor=${APACHE_HEAVY}'),
    );
    const result = runCli(['diff', '--base', 'HEAD', '--format', 'json', 'apache2'], { cwd: dir });
    assert.equal(result.status, 1, result.stderr);
    const report = JSON.parse(result.stdout) as {
      balancers: { name: string; members: { url: string; before: { share: number }; after: { share: number } }[] }[];
    };
    const shares = report.balancers.flatMap((change) =>
      change.members.map((member) => [change.name, member.before.share, member.after.share]),
    );
    assert.ok(shares.length > 0 && shares.every(([name]) => name === 'balancer://api'), JSON.stringify(shares));
    assert.deepEqual(shares.slice(0, 2), [
      ['balancer://api', 0.5, 0.25],
      ['balancer://api', 0.5, 0.75],
    ]);
    assert.equal(
      result.stderr,
      'balancer-lens: note: ${NAME} from apache2/envvars beside apache2.conf, as apache2ctl reads it (--env-file FILE reads another)\n',
    );
  });

  it('says which revision git cannot find, in one line', () => {
    const result = runCli(['diff', '--base', 'no-such-branch'], { cwd: repository() });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^balancer-lens: git rev-parse: fatal: .*\n$/);
  });
});

describe('balancer-lens diff in the docs', () => {
  const ROOT = join(__dirname, '../../..');
  const example = (...args: string[]): string => {
    const result = runCli(['diff', 'examples/shop.conf', 'examples/shop-change.conf', ...args], { cwd: ROOT });
    assert.equal(result.status, 1, result.stderr);
    return result.stdout;
  };

  it('README and docs/cli.md show the real output for the examples', () => {
    const output = example();
    const command = '$ npx balancer-lens diff examples/shop.conf examples/shop-change.conf\n';
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = readme.slice(readme.indexOf(command) + command.length);
    // README indents the block by two spaces, as a list item's.
    const shown = block.slice(0, block.indexOf('```')).replace(/^ {2}/gm, '');
    assert.equal(shown.trimEnd(), output.trimEnd());
    const docs = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    assert.ok(docs.includes(`${command}${output}\`\`\``), 'docs/cli.md shows another output');
  });

  it('the SVG the README embeds is what diff --format svg draws', () => {
    checkGolden(join(ROOT, 'docs/images/diff-shop.svg'), example('--format', 'svg'));
  });
});

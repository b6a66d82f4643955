/** The switches users bring from ESLint, hadolint and ShellCheck: --rule, ignore patterns, --fail-on, --fix-dry-run, rule links. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { fuzzRuns } from '../../support/fuzz';
import { unifiedDiff } from '../../../server/src/cli/unified-diff';
import { lintJson, runCli } from '../../support/cli';
import { tempDir } from '../../support/temp';

function tempTree(files: Record<string, string>): string {
  const root = tempDir('balancer-lens-switches-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function lint(args: readonly string[], cwd: string, columns?: number) {
  return runCli(['lint', ...args], { cwd, columns });
}

/** An error (zero-loadfactor) and nothing else. */
const ERROR_CONF =
  '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n';
/** A warning (missing-proxypassreverse) and nothing else. */
const WARNING_CONF = '<Proxy "balancer://b">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\nProxyPass "/b/" "balancer://b/"\n';
/** A safe fix (the quoted loadfactor loses its quotes). */
const FIXABLE_CONF =
  '<Proxy "balancer://c">\n    BalancerMember "http://10.0.0.3:8080" loadfactor="2"\n    BalancerMember "http://10.0.0.4:8080"\n</Proxy>\nProxyPass "/c/" "balancer://c/"\nProxyPassReverse "/c" "balancer://c/"\n';

const rulesOf = (cwd: string, args: readonly string[]): string[] =>
  lintJson(args, { cwd })
    .results.flatMap((file) => file.messages)
    .map((message) => `${message.ruleId}:${message.severity}`);

describe('balancer-lens lint --rule ID:SEVERITY', function () {
  this.timeout(20_000);

  it('sets a rule over .balancerlens.json, the last of several winning, and the exit code follows', () => {
    const root = tempTree({ 'a.conf': ERROR_CONF, '.balancerlens.json': '{"rules": {"zero-loadfactor": "error"}}' });
    assert.equal(lint(['a.conf'], root).status, 1);
    assert.equal(lint(['a.conf', '--rule', 'zero-loadfactor:warning'], root).status, 0);
    assert.deepEqual(rulesOf(root, ['a.conf', '--rule', 'zero-loadfactor:warn']), ['zero-loadfactor:1']);
    assert.deepEqual(rulesOf(root, ['a.conf', '--rule', 'zero-loadfactor:info', '--rule', 'zero-loadfactor: off']), []);
    const printed = JSON.parse(lint(['--print-config', 'a.conf', '--rule', 'zero-loadfactor:info'], root).stdout) as {
      rules: Record<string, string>;
    };
    assert.equal(printed.rules['zero-loadfactor'], 'info');
  });

  const usage: [string, string[], RegExp][] = [
    [
      'an unknown id, with a suggestion',
      ['--rule', 'zero-loadfactr:off'],
      /unknown rule id 'zero-loadfactr' \(did you mean 'zero-loadfactor'\?\)/,
    ],
    [
      'a missing severity',
      ['--rule', 'zero-loadfactor'],
      /--rule takes ID:SEVERITY such as zero-loadfactor:warning, not 'zero-loadfactor'/,
    ],
    ['an unknown severity', ['--rule', 'zero-loadfactor:fatal'], /the severity must be off, info, warning or error, not 'fatal'/],
  ];
  for (const [what, args, message] of usage) {
    it(`exits 2 with one line for ${what}`, () => {
      const root = tempTree({ 'a.conf': ERROR_CONF });
      const run = lint(['a.conf', ...args], root);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    });
  }
});

describe('balancer-lens lint: ignore patterns', function () {
  this.timeout(20_000);
  const tree = (config?: object): string =>
    tempTree({
      'apache/ok.conf': WARNING_CONF,
      'apache/legacy/old.conf': ERROR_CONF,
      'apache/legacy/deeper/older.conf': ERROR_CONF,
      ...(config ? { 'apache/.balancerlens.json': JSON.stringify(config) } : {}),
    });
  const linted = (root: string, args: readonly string[]): string[] =>
    lintJson(args, { cwd: root })
      .results.map((file) => file.filePath.slice(root.length + 1))
      .sort();

  it('"ignore" in .balancerlens.json leaves files out of a walk, relative to the settings file; a folder name covers what is under it', () => {
    assert.deepEqual(linted(tree(), ['apache']), ['apache/legacy/deeper/older.conf', 'apache/legacy/old.conf', 'apache/ok.conf']);
    for (const pattern of ['legacy', 'legacy/**', '**/*old*.conf', 'legacy/']) {
      const root = tree({ ignore: [pattern] });
      assert.deepEqual(linted(root, ['apache']), ['apache/ok.conf'], pattern);
      assert.equal(lint(['apache'], root).status, 0, pattern);
      assert.deepEqual((JSON.parse(lint(['--print-config', 'apache/ok.conf'], root).stdout) as { ignore: unknown }).ignore, [pattern]);
    }
  });

  it('--ignore-pattern does the same from the current directory, in walks, globs and for files named', () => {
    const root = tree();
    assert.deepEqual(linted(root, ['apache', '--ignore-pattern', 'apache/legacy']), ['apache/ok.conf']);
    assert.deepEqual(linted(root, ['apache/**/*.conf', '--ignore-pattern', 'apache/legacy/**']), ['apache/ok.conf']);
    const named = lint(['apache/legacy/old.conf', 'apache/ok.conf', '--ignore-pattern', '**/legacy'], root);
    assert.equal(named.status, 0, named.stderr);
    assert.equal(named.stderr, 'balancer-lens: apache/legacy/old.conf: ignored (an ignore pattern matches it), skipped\n');
  });

  it('reports nothing in an ignored file that a linted file includes, but still reads it', () => {
    const root = tempTree({
      'site.conf': 'Include vendor/balancers.conf\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n',
      'vendor/balancers.conf': '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\n',
    });
    assert.deepEqual(rulesOf(root, ['site.conf']), ['zero-loadfactor:2']);
    const run = lint(['site.conf', '--ignore-pattern', 'vendor', '--format', 'json'], root);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(
      (JSON.parse(run.stdout) as { messages: unknown[] }[]).flatMap((file) => file.messages),
      [],
      'no empty-balancer or undefined-balancer: the included file was read',
    );
  });

  it('checks "ignore" in .balancerlens.json like "include"', () => {
    const root = tree({ ignore: 'legacy' });
    const run = lint(['apache'], root);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /"ignore" must be a list of glob patterns, not "legacy"/);
  });
});

describe('balancer-lens lint --fail-on', function () {
  this.timeout(20_000);
  const cases: [string, string[], number][] = [
    ['a warning, by default', [], 0],
    ['a warning, --fail-on error', ['--fail-on', 'error'], 0],
    ['a warning, --fail-on warning', ['--fail-on', 'warning'], 1],
    ['a warning, --fail-on info', ['--fail-on', 'info'], 1],
    ['an info, --fail-on warning', ['--rule', 'missing-proxypassreverse:info', '--fail-on', 'warning'], 0],
    ['an info, --fail-on info', ['--rule', 'missing-proxypassreverse:info', '--fail-on', 'info'], 1],
    [
      'an info, --fail-on info --quiet (quiet hides, the exit code still counts)',
      ['--rule', 'missing-proxypassreverse:info', '--fail-on', 'info', '-q'],
      1,
    ],
    ['a bad threshold', ['--fail-on', 'fatal'], 2],
  ];
  for (const [what, args, status] of cases) {
    it(`exits ${status} for ${what}`, () => {
      const run = lint(['a.conf', ...args], tempTree({ 'a.conf': WARNING_CONF }));
      assert.equal(run.status, status, run.stderr);
    });
  }
});

describe('balancer-lens lint --fix-dry-run', function () {
  this.timeout(20_000);

  it('prints what --fix would write as a unified diff that git apply takes, and writes nothing', () => {
    const root = tempTree({ 'a.conf': FIXABLE_CONF, 'b.conf': ERROR_CONF });
    const dry = lint(['.', '--fix-dry-run'], root);
    assert.equal(readFileSync(join(root, 'a.conf'), 'utf8'), FIXABLE_CONF, 'nothing written');
    assert.equal(
      dry.stdout,
      [
        '--- a/a.conf',
        '+++ b/a.conf',
        '@@ -1,5 +1,5 @@',
        ' <Proxy "balancer://c">',
        '-    BalancerMember "http://10.0.0.3:8080" loadfactor="2"',
        '+    BalancerMember "http://10.0.0.3:8080" loadfactor=2',
        '     BalancerMember "http://10.0.0.4:8080"',
        ' </Proxy>',
        ' ProxyPass "/c/" "balancer://c/"',
        '',
      ].join('\n'),
    );
    const fixed = tempDir('balancer-lens-switches-');
    cpSync(root, fixed, { recursive: true });
    const fix = lint(['.', '--fix'], fixed);
    assert.equal(dry.status, fix.status, 'the exit code --fix would give');
    const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8', input: dry.stdout });
    assert.equal(git(['init', '-q']).status, 0);
    const applied = git(['apply', '-']);
    assert.equal(applied.status, 0, applied.stderr);
    assert.equal(readFileSync(join(root, 'a.conf'), 'utf8'), readFileSync(join(fixed, 'a.conf'), 'utf8'));
  });

  it('on a GitHub runner, fences a diff whose lines the runner would take for workflow commands, and git apply still takes it', () => {
    const forged = `# ##[error]forged\n${FIXABLE_CONF.replace('<Proxy', '#   ::add-mask::x\n<Proxy')}`;
    const root = tempTree({ 'a.conf': forged });
    const plain = lint(['a.conf', '--fix-dry-run'], root);
    const run = runCli(['lint', 'a.conf', '--fix-dry-run'], { cwd: root, env: { GITHUB_ACTIONS: 'true' } });
    const lines = run.stdout.split('\n');
    const token = /^::stop-commands::([0-9a-f]{32})$/.exec(lines[0] ?? '')?.[1];
    assert.ok(token, run.stdout);
    assert.equal(run.stdout, `::stop-commands::${token}\n${plain.stdout}::${token}::\n`);
    assert.match(plain.stdout, /^ # ##\[error\]forged$/m);
    const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8', input: run.stdout });
    assert.equal(git(['init', '-q']).status, 0);
    const applied = git(['apply', '-']);
    assert.equal(applied.status, 0, applied.stderr);
    // Nothing to fence: the diff is printed as it is.
    const clean = tempTree({ 'a.conf': FIXABLE_CONF });
    assert.doesNotMatch(
      runCli(['lint', 'a.conf', '--fix-dry-run'], { cwd: clean, env: { GITHUB_ACTIONS: 'true' } }).stdout,
      /stop-commands/,
    );
  });

  it('prints nothing when there is nothing to fix, and refuses standard input and --fix', () => {
    const root = tempTree({ 'b.conf': ERROR_CONF });
    const run = lint(['b.conf', '--fix-dry-run'], root);
    assert.deepEqual([run.status, run.stdout], [1, '']);
    assert.equal(lint(['b.conf', '--fix-dry-run', '--fix'], root).status, 2);
    assert.equal(lint(['-', '--fix-dry-run'], root).status, 2);
  });

  it('gives diffs that rebuild the new text from the old (property)', () => {
    const text = fc.array(fc.constantFrom('a\n', 'b\n', 'c\n', 'd', ''), { maxLength: 30 }).map((lines) => lines.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        assert.equal(applyUnified(before, unifiedDiff('a/x', 'b/x', before, after)), after);
      }),
      fuzzRuns(500),
    );
  });
});

/** Applies a unified diff of one file to `text`, checking every context and removed line. */
function applyUnified(text: string, diff: string): string {
  if (diff === '') return text;
  const old = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const lines = diff.split('\n').slice(2, -1);
  const result: string[] = [];
  let at = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const hunk = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(line);
    if (hunk) {
      const start = Number(hunk[2]) === 0 ? Number(hunk[1]) : Number(hunk[1]) - 1;
      while (at < start) result.push(old[at++]!);
      continue;
    }
    const noNewline = lines[index + 1] === '\\ No newline at end of file';
    const body = line.slice(1) + (noNewline ? '' : '\n');
    if (noNewline) index++;
    if (line[0] === '+') result.push(body);
    else {
      assert.equal(old[at], body, `line ${at + 1} of the old text`);
      at++;
      if (line[0] === ' ') result.push(body);
    }
  }
  while (at < old.length) result.push(old[at++]!);
  return result.join('');
}

describe('balancer-lens lint: the rule beside each finding', function () {
  this.timeout(20_000);

  it("gives the rule's page in JSON (ruleUrl), and in stylish as a terminal link around the rule id", () => {
    const root = tempTree({ 'a.conf': ERROR_CONF });
    const url = 'https://github.com/balancer-lens/balancer-lens/blob/main/docs/rules/zero-loadfactor.md';
    assert.equal(lintJson(['a.conf'], { cwd: root }).results[0]!.messages[0]!.ruleUrl, url);
    const piped = lint(['a.conf'], root).stdout;
    assert.doesNotMatch(piped, /\x1b/);
    const terminal = lint(['a.conf'], root, 200).stdout;
    assert.ok(terminal.includes(`\x1b]8;;${url}\x1b\\zero-loadfactor\x1b]8;;\x1b\\`), JSON.stringify(terminal));
    assert.equal(terminal.replace(/\x1b]8;;[^\x1b]*\x1b\\/g, ''), piped, 'the same text once the links are taken out');
  });
});

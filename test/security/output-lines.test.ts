// A finding is exactly one line in compact, stylish and github, whatever the file is called: a name
// holding a newline cannot start a forged finding that problem matchers and log readers believe.
// JSON and SARIF keep the name exactly.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../support/cli';
import { tempDir } from '../support/temp';

const NAMES = [
  'evil\n::error file=x::forged.conf',
  'cr\r::warning file=y::forged.conf',
  'esc\x1b[2J\x07\x7f\x85\u2028tab\t.conf',
  'pct%0A::error file=z::a,b:c.conf',
];
const BAD = '<Proxy balancer://x>\n    BalancerMember http://10.0.0.1 loadfactor=0\n</Proxy>\n';

describe('security: output lines cannot be forged by file names', function () {
  this.timeout(60_000);
  let dir: string;
  let findings: number;

  before(() => {
    dir = tempDir('balancer-lens-names-');
    mkdirSync(join(dir, 'conf'));
    for (const name of NAMES) writeFileSync(join(dir, 'conf', name), BAD);
    writeFileSync(join(dir, 'conf', 'binary\n::error file=b::forged.conf'), '\0binary');
    const json = spawnCli(['lint', 'conf', '--format', 'json'], { cwd: dir });
    const files = JSON.parse(json.stdout) as { filePath: string; messages: unknown[] }[];
    // JSON is exact: the real names, control characters and all.
    assert.deepEqual(files.map((file) => file.filePath).sort(), NAMES.map((name) => join(dir, 'conf', name)).sort());
    findings = files.reduce((sum, file) => sum + file.messages.length, 0);
    assert.ok(findings >= NAMES.length);
  });

  /** The run's stdout lines; stderr is checked too: one line names the skipped binary file. */
  function lines(format: string): string[] {
    const run = spawnCli(['lint', 'conf', '--format', format], { cwd: dir });
    assert.equal(run.status, 2, run.stderr);
    assert.deepEqual(
      run.stderr
        .split('\n')
        .filter(Boolean)
        .map((line) => line.startsWith('balancer-lens: ')),
      [true],
      run.stderr,
    );
    assert.ok(
      !/[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/.test(run.stdout + run.stderr),
      'no raw control character but the newlines between lines',
    );
    return run.stdout.split('\n').filter(Boolean);
  }

  it('compact: one line per finding, each a whole finding', () => {
    const out = lines('compact');
    assert.equal(out.length, findings, out.join('\n'));
    for (const line of out) assert.match(line, /^conf\/.+:\d+:\d+: (error|warning|info): .+ \[[a-z-]+\]$/);
    assert.ok(
      out.some((line) => line.startsWith('conf/evil\\n::error file=x::forged.conf:')),
      out.join('\n'),
    );
  });

  it('github: one workflow command per finding, and none forged', () => {
    const out = lines('github');
    assert.equal(out.length, findings, out.join('\n'));
    for (const line of out)
      assert.match(line, /^::(error|warning|notice) file=conf\/[^:,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-z-]+::/);
    // The literal %0A is encoded as %250A, so the runner cannot decode it into a line break.
    assert.ok(
      out.some((line) => line.startsWith('::error file=conf/pct%250A%3A%3Aerror file=z%3A%3Aa%2Cb%3Ac.conf,')),
      out.join('\n'),
    );
    assert.ok(
      out.some((line) => line.startsWith('::error file=conf/evil\\n%3A%3Aerror file=x%3A%3Aforged.conf,')),
      out.join('\n'),
    );
  });

  it("stylish: a header line per file, a row per finding and an indented line of Apache's words", () => {
    const out = lines('stylish');
    const rows = out.filter((line) => /^ {2}\d+:\d+ /.test(line));
    assert.equal(rows.length, findings);
    const apache = out.filter((line) => /^ +Apache: /.test(line));
    const headers = out.filter((line) => line.startsWith('conf/'));
    assert.equal(headers.length, NAMES.length, out.join('\n'));
    assert.equal(out.length, rows.length + apache.length + headers.length + 1, out.join('\n'));
    assert.match(out.at(-1)!, /^✖ \d+ problems/);
    assert.ok(headers.includes('conf/esc\\x1b[2J\\x07\\x7f\\x85\\u{2028}tab\\t.conf'), headers.join('\n'));
  });

  it('SARIF keeps the names exactly', () => {
    const run = spawnCli(['lint', 'conf', '--format', 'sarif'], { cwd: dir });
    const sarif = JSON.parse(run.stdout) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uris = new Set(
      sarif.runs[0]!.results.map((result) => decodeURIComponent(result.locations[0]!.physicalLocation.artifactLocation.uri)),
    );
    for (const name of NAMES)
      assert.ok(
        [...uris].some((uri) => uri.endsWith(`conf/${name}`)),
        [...uris].join('\n'),
      );
  });
});

// The GitHub runner takes a line for a workflow command when it starts with `::` once leading
// blanks (any Unicode white space) are trimmed, and, in the legacy form, when `##[` appears anywhere
// in it. A file named so must not raise an annotation, mask a value or stop command processing:
// only the `github` format prints commands, each one deliberate.
const COMMAND_NAMES = [
  '::error file=x::forged.conf',
  '  ::warning::indented.conf',
  '\u3000::notice::wide-space.conf',
  'legacy##[error]forged.conf',
  '::stop-commands::token.conf',
];

describe('security: no output line is a workflow command a file name chose', function () {
  this.timeout(60_000);
  let dir: string;

  before(() => {
    dir = tempDir('balancer-lens-commands-');
    for (const name of COMMAND_NAMES) writeFileSync(join(dir, name), BAD);
  });

  /** Lines the runner would take for a command. */
  const commands = (text: string): string[] => text.split('\n').filter((line) => /^\s*::/.test(line) || line.includes('##['));

  for (const format of ['stylish', 'compact', 'json', 'sarif', 'gitlab', 'checkstyle'] as const) {
    it(`${format}: no line starts with :: or holds ##[`, () => {
      const run = spawnCli(['lint', '.', '--format', format], { cwd: dir });
      assert.equal(run.status, 1, run.stderr);
      assert.ok(run.stdout.includes('forged.conf'), run.stdout);
      assert.deepEqual(commands(run.stdout + run.stderr), []);
    });
  }

  it('compact and stylish show such a name as ./NAME, the same file', () => {
    const compact = spawnCli(['lint', '.', '--format', 'compact'], { cwd: dir }).stdout;
    assert.match(compact, /^\.\/::error file=x::forged\.conf:2:/m);
    assert.match(compact, /^\.\/ {2}::warning::indented\.conf:2:/m);
    assert.match(compact, /^legacy##\\x5berror\]forged\.conf:2:/m);
    const stylish = spawnCli(['lint', '.', '--format', 'stylish'], { cwd: dir }).stdout.split('\n');
    assert.ok(stylish.includes('./\u3000::notice::wide-space.conf'), stylish.join('\n'));
  });

  it('github: every line is one command the format meant, and none a name forged', () => {
    const run = spawnCli(['lint', '.', '--format', 'github'], { cwd: dir });
    const out = run.stdout.split('\n').filter(Boolean);
    assert.equal(out.length, COMMAND_NAMES.length, run.stdout);
    for (const line of out)
      assert.match(line, /^::error file=[^:,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=zero-loadfactor::[^:]/);
    assert.ok(!run.stdout.includes('##['), run.stdout);
  });

  it('diff text: the title line starts with OLD, shown as ./NAME', () => {
    writeFileSync(join(dir, '::error::old.conf'), BAD);
    writeFileSync(join(dir, 'new.conf'), BAD.replace('loadfactor=0', 'loadfactor=2'));
    const run = spawnCli(['diff', '::error::old.conf', 'new.conf'], { cwd: dir });
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /^\.\/::error::old\.conf → new\.conf\n/);
    assert.deepEqual(commands(run.stdout), []);
  });
});

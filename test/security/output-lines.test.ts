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

/** `--format gitlab` and `--format checkstyle` against what their readers expect (the goldens are in lint-cli.test.ts). */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import type { GitlabIssue } from '../../../server/src/cli/formats/gitlab';
import { lintJson, runCli } from '../../support/cli';
import { tempDir } from '../../support/temp';
import { xmlElements } from '../../support/xml';

const ROOT = join(__dirname, '../../..');
const FIXTURES = 'test/fixtures/lint';

/**
 * GitLab's documented Code Quality report format: an array of issues, each with a description,
 * check_name, fingerprint, severity (info, minor, major, critical, blocker) and location.path with
 * location.lines.begin (or location.positions.begin.line).
 */
const GITLAB_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['description', 'check_name', 'fingerprint', 'severity', 'location'],
    properties: {
      description: { type: 'string', minLength: 1 },
      check_name: { type: 'string', minLength: 1 },
      fingerprint: { type: 'string', minLength: 1 },
      severity: { enum: ['info', 'minor', 'major', 'critical', 'blocker'] },
      location: {
        type: 'object',
        required: ['path'],
        properties: { path: { type: 'string', minLength: 1 } },
        anyOf: [
          {
            required: ['lines'],
            properties: { lines: { type: 'object', required: ['begin'], properties: { begin: { type: 'integer', minimum: 1 } } } },
          },
          {
            required: ['positions'],
            properties: {
              positions: {
                type: 'object',
                required: ['begin'],
                properties: { begin: { type: 'object', required: ['line'], properties: { line: { type: 'integer', minimum: 1 } } } },
              },
            },
          },
        ],
      },
    },
  },
};

function tempTree(files: Record<string, string>): string {
  const root = tempDir('balancer-lens-ci-formats-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const MEMBER = '    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n';
const TWO_BALANCERS = `<Proxy "balancer://a">\n${MEMBER}</Proxy>\n<Proxy "balancer://b">\n${MEMBER}</Proxy>\n`;

function gitlab(args: readonly string[], cwd = ROOT): GitlabIssue[] {
  const run = runCli(['lint', ...args, '--format', 'gitlab'], { cwd });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return JSON.parse(run.stdout) as GitlabIssue[];
}

describe('balancer-lens lint --format gitlab', function () {
  this.timeout(20_000);

  it("matches GitLab's documented Code Quality schema, one issue per finding", () => {
    const validate = new Ajv({ allErrors: true, strict: true }).compile(GITLAB_SCHEMA);
    const issues = gitlab([FIXTURES]);
    assert.ok(validate(issues), JSON.stringify(validate.errors));
    const json = lintJson([FIXTURES]).results.flatMap((file) => file.messages);
    assert.equal(issues.length, json.length);
    assert.deepEqual(new Set(issues.map((issue) => issue.severity)), new Set(['critical', 'major', 'info']));
    assert.ok(issues.every((issue) => issue.location.path.startsWith(`${FIXTURES}/`)));
  });

  it('gives unique fingerprints, the same across runs and when lines move', () => {
    const root = tempTree({ 'a.conf': TWO_BALANCERS });
    const before = gitlab(['a.conf'], root).filter((issue) => issue.check_name === 'zero-loadfactor');
    assert.equal(before.length, 2);
    assert.notEqual(before[0]!.fingerprint, before[1]!.fingerprint, 'GitLab shows only the first issue of a fingerprint');
    assert.deepEqual(gitlab(['a.conf'], root), gitlab(['a.conf'], root));
    writeFileSync(join(root, 'a.conf'), `# moved down\n\n${TWO_BALANCERS}`);
    const after = gitlab(['a.conf'], root).filter((issue) => issue.check_name === 'zero-loadfactor');
    assert.deepEqual(
      after.map((issue) => issue.fingerprint),
      before.map((issue) => issue.fingerprint),
    );
    assert.deepEqual(
      after.map((issue) => issue.location.lines.begin),
      before.map((issue) => issue.location.lines.begin + 2),
    );
  });

  it('prints an empty list for a clean run, so the artifact is still a valid report', () => {
    const root = tempTree({
      'a.conf':
        '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n',
    });
    const run = runCli(['lint', 'a.conf', '--format', 'gitlab'], { cwd: root });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '[]\n');
  });
});

/** Reads a Checkstyle report as Jenkins' warnings-ng does: each <file name>, and each <error> in it with line, column, severity, message and source. */
function readCheckstyle(xml: string): { file: string; line: number; column: number; severity: string; message: string; source: string }[] {
  const elements = xmlElements(xml);
  assert.equal(elements[0]?.name, 'checkstyle');
  const issues = [];
  let file: string | undefined;
  for (const { name, attributes } of elements.slice(1)) {
    if (name === 'file') {
      file = attributes['name'];
      assert.ok(file, 'a <file> has a name');
      continue;
    }
    assert.equal(name, 'error');
    assert.ok(file !== undefined, '<error> inside a <file>');
    const line = Number(attributes['line']);
    const column = Number(attributes['column']);
    assert.ok(Number.isInteger(line) && line >= 1 && Number.isInteger(column) && column >= 1);
    assert.ok(['error', 'warning', 'info'].includes(attributes['severity']!), attributes['severity']);
    issues.push({ file, line, column, severity: attributes['severity']!, message: attributes['message']!, source: attributes['source']! });
  }
  return issues;
}

describe('balancer-lens lint --format checkstyle', function () {
  this.timeout(20_000);

  it('is XML a Checkstyle reader takes: a <file> per file, an <error> per finding, as the JSON report', () => {
    const run = runCli(['lint', FIXTURES, '--format', 'checkstyle']);
    const read = readCheckstyle(run.stdout);
    const json = lintJson([FIXTURES]).results;
    const files = xmlElements(run.stdout).filter((element) => element.name === 'file');
    assert.equal(files.length, json.length, 'clean files are listed too');
    const expected = json.flatMap((file) =>
      file.messages.map((message) => ({
        file: file.filePath.slice(ROOT.length + 1),
        line: message.line,
        column: message.column,
        severity: message.level ?? (message.severity === 2 ? 'error' : 'warning'),
        source: `balancer-lens.${message.ruleId}`,
      })),
    );
    assert.deepEqual(
      read.map(({ message: _message, ...rest }) => rest),
      expected,
    );
    assert.ok(read.every((issue) => issue.message.length > 0));
  });

  it('escapes what XML cannot hold as it is: markup characters, quotes and control characters in names', () => {
    const name = 'a<&>"\'\x1b.conf';
    const root = tempTree({ [name]: TWO_BALANCERS });
    const run = runCli(['lint', name, '--format', 'checkstyle'], { cwd: root });
    assert.equal(run.status, 1, run.stderr);
    const read = readCheckstyle(run.stdout);
    assert.ok(read.length > 0);
    assert.equal(read[0]!.file, 'a<&>"\'\\x1b.conf');
    assert.match(read.find((issue) => issue.source === 'balancer-lens.zero-loadfactor')!.message, /^loadfactor "0" is out of range/);
  });
});

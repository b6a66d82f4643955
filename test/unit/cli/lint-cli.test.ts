import assert from 'node:assert/strict';
import { LintJsonFile, lintJson, Run, runCli } from '../../support/cli';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type * as Sarif from 'sarif';
import { configSchema, parseConfig } from '../../../server/src/node/config';
import { applySafeFixes } from '../../../server/src/cli/fix';
import { formatStylish } from '../../../server/src/cli/formats/stylish';
import { escapeData, escapeProperty } from '../../../server/src/cli/formats/github';
import { reportFile } from '../../../server/src/cli/report';
import { RULES } from '../../../server/src/core/rules';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import { checkGolden, GOLDEN } from '../../support/golden';
import { tempDir } from '../../support/temp';

const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'server/dist/cli.js');
const FIXTURES = 'test/fixtures/lint';
const SCHEMA = join(ROOT, 'server/schema/balancerlens.schema.json');
const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

/** Runs `balancer-lens lint ARGS` in-process. */
function lint(args: readonly string[], options: { cwd?: string; input?: string | Buffer } = {}): Run {
  return runCli(['lint', ...args], { cwd: options.cwd ?? ROOT, stdin: options.input ?? '' });
}

/** A temporary directory holding `files` (path → content). */
function tempTree(files: Record<string, string | Buffer>): string {
  const root = tempDir('balancer-lens-lint-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/**
 * The SARIF golden keeps only the rules that results refer to (re-indexed) and no version, so that
 * a rule added elsewhere does not change it; the full rule list is checked against RULES separately.
 */
function reportedRulesOnly(log: Sarif.Log): Sarif.Log {
  const run = log.runs[0]!;
  const reported = new Set(run.results!.map((result) => result.ruleId));
  const rules = run.tool.driver.rules!.filter((rule) => reported.has(rule.id));
  const results = run.results!.map((result) => ({ ...result, ruleIndex: rules.findIndex((rule) => rule.id === result.ruleId) }));
  return { ...log, runs: [{ ...run, tool: { driver: { ...run.tool.driver, version: '<version>', rules } }, results }] };
}

const ERROR_CONF =
  '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n';
const CLEAN_CONF =
  '<Proxy "balancer://b">\n    BalancerMember "http://10.0.0.2:8080"\n</Proxy>\nProxyPass "/b/" "balancer://b/"\nProxyPassReverse "/b" "balancer://b/"\n';

// Each test runs the CLI in-process once or a few times; the terminal test spawns the bundle under `script`.
const TIMEOUT = 20_000;

describe('balancer-lens lint: formats', function () {
  this.timeout(TIMEOUT);
  const formats: [string, string, (stdout: string) => string][] = [
    ['stylish', 'lint-fixtures.stylish.txt', (stdout) => stdout],
    ['compact', 'lint-fixtures.compact.txt', (stdout) => stdout],
    ['github', 'lint-fixtures.github.txt', (stdout) => stdout],
    ['gitlab', 'lint-fixtures.gitlab.json', (stdout) => stdout],
    ['checkstyle', 'lint-fixtures.checkstyle.xml', (stdout) => stdout],
    ['json', 'lint-fixtures.json', (stdout) => `${JSON.stringify(JSON.parse(stdout.split(`${ROOT}/`).join('<root>/')), null, 2)}\n`],
    ['sarif', 'lint-fixtures.sarif', (stdout) => `${JSON.stringify(reportedRulesOnly(JSON.parse(stdout) as Sarif.Log), null, 2)}\n`],
  ];
  for (const [format, golden, normalise] of formats) {
    it(`prints the fixture set as ${format}`, () => {
      const run = lint([FIXTURES, '--format', format]);
      assert.equal(run.status, 1, run.stderr);
      assert.equal(run.stderr, '');
      checkGolden(join(GOLDEN, golden), normalise(run.stdout));
    });
  }

  it('writes valid SARIF 2.1.0 (the official schema, shipped by @microsoft/jest-sarif)', () => {
    // unicodeRegExp off: the schema's "language" pattern has a stray ']' that only the u flag rejects.
    const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')) as object);
    const log = JSON.parse(lint([FIXTURES, '--format', 'sarif']).stdout) as Sarif.Log;
    assert.ok(validate(log), ajv.errorsText(validate.errors));
    const run = log.runs[0]!;
    const rules = run.tool.driver.rules!;
    assert.deepEqual(
      rules.map((rule) => rule.id),
      RULES.map((rule) => rule.id),
    );
    assert.ok(run.results!.length > 0);
    for (const result of run.results!) {
      assert.equal(rules[result.ruleIndex!]!.id, result.ruleId);
      const location = result.locations![0]!.physicalLocation!;
      assert.match(location.artifactLocation!.uri!, /^test\/fixtures\/lint\/[a-z/]+\.conf$/);
      assert.ok(location.region!.startLine! >= 1 && location.region!.startColumn! >= 1);
      assert.match(Object.values(result.partialFingerprints!)[0]!, /^[0-9a-f]{32}$/);
    }
    assert.equal(
      rules.find((rule) => rule.id === 'zero-loadfactor')!.helpUri,
      'https://github.com/balancer-lens/balancer-lens/blob/main/docs/rules/zero-loadfactor.md',
    );
    assert.deepEqual(new Set(run.results!.map((result) => result.level)), new Set(['error', 'warning', 'note']));
  });

  it('gives the same finding the same fingerprint when lines move, and repeats of a line different ones', () => {
    const line = '    BalancerMember "http://10.0.0.1:8080" loadfactor=0\n';
    const fingerprints = (text: string): string[] => {
      const root = tempTree({ 'a.conf': text });
      const log = JSON.parse(lint(['a.conf', '--format', 'sarif'], { cwd: root }).stdout) as Sarif.Log;
      return log.runs[0]!.results!.filter((result) => result.ruleId === 'zero-loadfactor').map(
        (result) => Object.values(result.partialFingerprints!)[0]!,
      );
    };
    const two = `<Proxy "balancer://a">\n${line}</Proxy>\n<Proxy "balancer://b">\n${line}</Proxy>\n`;
    const before = fingerprints(two);
    const after = fingerprints(`# moved down\n\n${two}`);
    assert.equal(before.length, 2);
    assert.deepEqual(after, before);
    assert.notEqual(before[0], before[1]);
  });

  it('gives ESLint-shaped JSON: severities, info level, 1-based positions, single-edit safe fixes', () => {
    const { results } = lintJson([FIXTURES]);
    const byName = new Map(results.map((result) => [result.filePath.slice(result.filePath.lastIndexOf('/') + 1), result]));
    assert.deepEqual([...byName.keys()].sort(), [
      'balancer.conf',
      'clean.conf',
      'error.conf',
      'info.conf',
      'quoted.conf',
      'routes.conf',
      'warning.conf',
    ]);
    assert.ok(
      results.every((result) => result.filePath.startsWith(`${ROOT}/`)),
      'filePath is absolute, as ESLint',
    );
    assert.deepEqual(byName.get('clean.conf')!.messages, []);
    const info = byName.get('info.conf')!;
    assert.deepEqual([info.messages[0]!.severity, info.messages[0]!.level, info.warningCount, info.infoCount], [1, 'info', 0, 1]);
    const error = byName.get('error.conf')!;
    assert.deepEqual([error.messages[0]!.severity, error.messages[0]!.level, error.errorCount], [2, undefined, 1]);
    assert.equal(error.messages[0]!.fix, undefined, 'zero-loadfactor has no safe fix');
    const quoted = byName.get('quoted.conf')!.messages[0]!;
    const text = readFileSync(join(ROOT, FIXTURES, 'quoted.conf'), 'utf8');
    assert.deepEqual(quoted.fix, { range: [text.indexOf('"2"'), text.indexOf('"2"') + 3], text: '2' });
    assert.deepEqual([quoted.line, quoted.column, quoted.endLine, quoted.endColumn], [3, 54, 3, 57]);
  });

  it('escapes workflow command data and properties as GitHub requires', () => {
    assert.equal(escapeData('50% a:b, c\r\nd'), '50%25 a:b, c%0D%0Ad');
    assert.equal(escapeProperty('50% a:b, c\r\nd'), '50%25 a%3Ab%2C c%0D%0Ad');
    const root = tempTree({ 'a,b:c.conf': ERROR_CONF });
    const run = lint(['a,b:c.conf', '--format', 'github'], { cwd: root });
    assert.match(
      run.stdout,
      /^::error file=a%2Cb%3Ac\.conf,line=2,col=54,endLine=2,endColumn=55,title=zero-loadfactor::loadfactor "0" is out of range/,
    );
  });

  it('colours stylish output only when asked', () => {
    const diagnostic: Diagnostic = { ruleId: 'zero-loadfactor', severity: 'error', span: { start: 0, end: 1 }, message: 'm' };
    const files = [reportFile('a.conf', '/a.conf', 'x\n', [diagnostic])];
    const plain = formatStylish({ files, cwd: '/', colour: false, version: '0' });
    const coloured = formatStylish({ files, cwd: '/', colour: true, version: '0' });
    assert.doesNotMatch(plain, /\x1b\[/);
    assert.match(coloured, /\x1b\[31merror\x1b\[39m/);
    assert.equal(coloured.replace(/\x1b\[\d+m/g, ''), plain);
  });
});

describe('balancer-lens lint: exit codes', function () {
  this.timeout(TIMEOUT);
  const cases: [string, string[], number][] = [
    ['a clean file', [`${FIXTURES}/clean.conf`], 0],
    ['warnings only', [`${FIXTURES}/warning.conf`], 0],
    ['infos only, even with --max-warnings 0', [`${FIXTURES}/info.conf`, '--max-warnings', '0'], 0],
    ['warnings within --max-warnings', [`${FIXTURES}/warning.conf`, '--max-warnings', '1'], 0],
    ['warnings over --max-warnings', [`${FIXTURES}/warning.conf`, '--max-warnings', '0'], 1],
    ['an error', [`${FIXTURES}/error.conf`], 1],
  ];
  for (const [what, args, status] of cases) {
    it(`exits ${status} for ${what}`, () => {
      const run = lint(args);
      assert.equal(run.status, status, run.stderr);
    });
  }

  it('says why when there are too many warnings', () => {
    const run = lint([`${FIXTURES}/warning.conf`, '--max-warnings', '0']);
    assert.equal(run.stderr, 'balancer-lens: too many warnings (1; --max-warnings allows 0)\n');
  });

  it('prints nothing for a clean run', () => {
    assert.deepEqual(lint([`${FIXTURES}/clean.conf`]), { status: 0, stdout: '', stderr: '' });
  });

  it('exits 1 for a file Apache cannot parse', () => {
    const root = tempTree({ 'broken.conf': '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080"\n' });
    const run = lint(['broken.conf', '--format', 'compact'], { cwd: root });
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^broken\.conf:\d+:\d+: error: /m);
  });

  const usage: [string, string[], RegExp][] = [
    ['a bad flag', ['--bogus'], /unknown option --bogus \(balancer-lens lint --help lists the options\)/],
    ['a bad format', ['--format', 'xml'], /unknown format 'xml': use stylish, json, sarif, github, gitlab, checkstyle or compact/],
    ['a bad --max-warnings', ['--max-warnings=-1'], /--max-warnings takes a whole number/],
    [
      'a flag value that looks like a flag',
      ['--max-warnings', '-1'],
      /--max-warnings takes a whole number of warnings such as 0, not '-1'/,
    ],
    ['a bad --ext', ['--ext', '*.conf'], /--ext takes an extension/],
    ['a missing file', ['no/such.conf'], /cannot read no\/such\.conf: no such file/],
    ['a glob that matches nothing', ['nothing/*.conf'], /no files match nothing\/\*\.conf/],
    ['a directory without configuration files', ['server/src/cli'], /no Apache configuration files in server\/src\/cli/],
    ['--stdin-filename without -', ['--stdin-filename', 'a.conf'], /--stdin-filename names standard input: add -/],
    ['- twice', ['-', '-'], /standard input\) can be given only once/],
    ['--fix with standard input', ['-', '--fix'], /--fix rewrites files in place/],
    ['a missing --config', ['--config', 'no/such.json', `${FIXTURES}/clean.conf`], /cannot read no\/such\.json: no such file/],
  ];
  for (const [what, args, message] of usage) {
    it(`exits 2 with one line for ${what}`, () => {
      const run = lint(args);
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    });
  }

  it('skips a binary file with a line on stderr, reports the others, and exits 2', () => {
    const junk = Buffer.concat([Buffer.from('<Proxy "balancer://a">\n'), Buffer.from([0, 1, 2, 255])]);
    const root = tempTree({ 'junk.conf': junk, 'a.conf': ERROR_CONF });
    const run = lint(['junk.conf', 'a.conf', '--format', 'json'], { cwd: root });
    assert.equal(run.status, 2);
    assert.equal(run.stderr, 'balancer-lens: junk.conf: binary file, skipped\n');
    const results = JSON.parse(run.stdout) as LintJsonFile[];
    assert.deepEqual(
      results.map((result) => [result.filePath, result.errorCount]),
      [[join(root, 'a.conf'), 1]],
    );
  });

  it('prints its help', () => {
    const run = lint(['--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /^usage: balancer-lens lint \[PATH\|DIR\|GLOB\|-\]\.\.\./);
  });
});

describe('balancer-lens lint: files, directories, globs and standard input', function () {
  this.timeout(TIMEOUT);
  it('lints files together: a ProxyPass in one file and its balancer in another', () => {
    const pair = lintJson([`${FIXTURES}/pair/routes.conf`, `${FIXTURES}/pair/balancer.conf`]);
    assert.equal(pair.run.status, 0);
    assert.deepEqual(
      pair.results.flatMap((result) => result.messages),
      [],
    );
    // Without the balancer's file, the route points at a balancer with no members.
    const alone = lintJson([`${FIXTURES}/pair/routes.conf`, `${FIXTURES}/clean.conf`]);
    assert.deepEqual(
      alone.results[0]!.messages.map((message) => message.ruleId),
      ['empty-balancer'],
    );
  });

  it('walks a directory for Apache configuration files', () => {
    const root = tempTree({
      'apache/httpd.conf': CLEAN_CONF,
      'apache/vhosts/shop.conf': CLEAN_CONF,
      'apache/sites-enabled/000-default': CLEAN_CONF,
      'apache/sites-enabled/.swp': CLEAN_CONF,
      'apache/conf.d/extra': CLEAN_CONF,
      'apache/www/.htaccess': CLEAN_CONF,
      'apache/notes.txt': 'not a configuration',
      'apache/extra.cfg': CLEAN_CONF,
      'apache/node_modules/pkg/x.conf': ERROR_CONF,
      'apache/.git/y.conf': ERROR_CONF,
    });
    const files = (args: string[]): string[] =>
      lintJson(args, { cwd: root }).results.map((result) => result.filePath.slice(root.length + 1));
    const found = [
      'apache/conf.d/extra',
      'apache/httpd.conf',
      'apache/sites-enabled/000-default',
      'apache/vhosts/shop.conf',
      'apache/www/.htaccess',
    ];
    assert.deepEqual(files(['apache']), found);
    assert.deepEqual(files(['--ext', 'cfg', 'apache']), ['apache/conf.d/extra', 'apache/extra.cfg', ...found.slice(1)]);
    // A directory named like Debian's picks every file in it.
    assert.deepEqual(files(['apache/sites-enabled']), ['apache/sites-enabled/000-default']);
    // No path: the current directory.
    assert.deepEqual(files([]), found);
  });

  it('lets "include" in .balancerlens.json replace the built-in names, relative to the config file', () => {
    const root = tempTree({
      '.balancerlens.json': JSON.stringify({ include: ['apache/*.inc'] }),
      'apache/a.inc': CLEAN_CONF,
      'apache/b.conf': CLEAN_CONF,
      'apache/deeper/c.inc': CLEAN_CONF,
    });
    const files = lintJson(['apache'], { cwd: root }).results.map((result) => result.filePath.slice(root.length + 1));
    assert.deepEqual(files, ['apache/a.inc']);
  });

  it('expands a quoted glob, skipping node_modules', () => {
    const root = tempTree({
      'a/one.conf': CLEAN_CONF,
      'a/two.conf': ERROR_CONF,
      'a/three.txt': CLEAN_CONF,
      'a/node_modules/x.conf': ERROR_CONF,
    });
    const { results } = lintJson(['a/**/*.conf'], { cwd: root });
    assert.deepEqual(
      results.map((result) => [result.filePath.slice(root.length + 1), result.errorCount]),
      [
        ['a/one.conf', 0],
        ['a/two.conf', 1],
      ],
    );
  });

  it('lints a file given twice, or reached through a symlink, once', () => {
    const { results } = lintJson([`${FIXTURES}/error.conf`, `./${FIXTURES}/error.conf`]);
    assert.equal(results.length, 1);
    const root = tempTree({ 'sites-available/shop.conf': CLEAN_CONF });
    mkdirSync(join(root, 'sites-enabled'));
    symlinkSync('../sites-available/shop.conf', join(root, 'sites-enabled/shop.conf'));
    const linked = lintJson(['.'], { cwd: root }).results.map((result) => result.filePath.slice(root.length + 1));
    assert.deepEqual(linked, ['sites-available/shop.conf']);
  });

  it('does not follow a symlink out of the folder or glob base it walks, unless a linted file includes it', () => {
    const secret =
      '<Proxy "balancer://s">\n    BalancerMember "http://10.0.0.9:8080" loadfactor=hunter2\n</Proxy>\nProxyPass "/s/" "balancer://s/"\nProxyPassReverse "/s" "balancer://s/"\n';
    const root = tempTree({
      'secret.conf': secret,
      'home/id.conf': secret,
      'apache/site.conf': CLEAN_CONF,
      'apache/sites-available/shop.conf': CLEAN_CONF,
    });
    symlinkSync('../secret.conf', join(root, 'apache/evil.conf'));
    symlinkSync('../home', join(root, 'apache/conf.d'));
    symlinkSync('.', join(root, 'apache/loop'));
    symlinkSync('../no-such.conf', join(root, 'apache/dangling.conf'));
    mkdirSync(join(root, 'apache/sites-enabled'));
    symlinkSync('../sites-available/shop.conf', join(root, 'apache/sites-enabled/shop.conf'));
    const walked = lint(['apache', '--format', 'json'], { cwd: root });
    const glob = lint(['apache/**/*.conf', '--format', 'json'], { cwd: root });
    for (const run of [walked, glob]) {
      assert.equal(run.status, 2, run.stderr);
      assert.equal(run.stderr, 'balancer-lens: apache/evil.conf: symlink to a file outside apache, skipped\n');
      assert.doesNotMatch(run.stdout, /hunter2/);
      const files = (JSON.parse(run.stdout) as LintJsonFile[]).map((result) => result.filePath.slice(root.length + 1));
      assert.deepEqual(files, ['apache/site.conf', 'apache/sites-available/shop.conf']);
    }
    // Named on the command line, or included, the link is read as Apache reads it.
    const named = lint(['apache/evil.conf', '--format', 'compact'], { cwd: root });
    assert.equal(named.status, 1);
    assert.match(named.stdout, /^apache\/evil\.conf:2:.*"hunter2"/m);
    writeFileSync(join(root, 'apache/httpd.conf'), 'Include evil.conf\n');
    const included = lint(['apache', '--format', 'compact'], { cwd: root });
    assert.equal(included.status, 1, included.stderr);
    assert.equal(included.stderr, '');
    assert.match(included.stdout, /^apache\/evil\.conf:2:.*"hunter2"/m);
  });

  it('reads standard input with -, named by --stdin-filename', () => {
    const unnamed = lint(['-', '--format', 'compact'], { input: ERROR_CONF });
    assert.equal(unnamed.status, 1);
    assert.match(unnamed.stdout, /^<stdin>:2:54: error: loadfactor "0" .* \[zero-loadfactor\]$/m);
    const named = lint(['-', '--stdin-filename', 'conf/site.conf', '--format', 'compact'], { input: ERROR_CONF });
    assert.match(named.stdout, /^conf\/site\.conf:2:54: error: /m);
  });

  it('finds the configuration of standard input from --stdin-filename', () => {
    const root = tempTree({ 'quiet/.balancerlens.json': JSON.stringify({ rules: { 'zero-loadfactor': 'off' } }) });
    assert.equal(lint(['-', '--stdin-filename', 'quiet/x.conf'], { cwd: root, input: ERROR_CONF }).status, 0);
    assert.equal(lint(['-', '--stdin-filename', 'loud/x.conf'], { cwd: root, input: ERROR_CONF }).status, 1);
  });
});

describe('balancer-lens lint: .balancerlens.json', function () {
  this.timeout(TIMEOUT);
  const tree = (): string =>
    tempTree({
      '.balancerlens.json': JSON.stringify({ rules: { 'zero-loadfactor': 'off' } }),
      'top.conf': ERROR_CONF,
      'sub/.balancerlens.json': JSON.stringify({ $schema: '../schema.json', rules: { 'zero-loadfactor': 'warning' } }),
      'sub/deeper/nested.conf': ERROR_CONF,
      'other.json': JSON.stringify({ rules: { 'zero-loadfactor': 'info' } }),
    });

  it('uses the nearest configuration up from each file', () => {
    const root = tree();
    const { results } = lintJson(['top.conf', 'sub/deeper/nested.conf'], { cwd: root });
    assert.deepEqual(
      results.map((result) => result.messages.map((message) => message.severity)),
      [[], [1]],
    );
  });

  it('uses --config for every file instead', () => {
    const root = tree();
    const { results } = lintJson(['--config', 'other.json', 'top.conf', 'sub/deeper/nested.conf'], { cwd: root });
    assert.deepEqual(
      results.map((result) => result.messages.map((message) => message.level)),
      [['info'], ['info']],
    );
  });

  const bad: [string, string, RegExp][] = [
    [
      'an unknown rule id',
      '{"rules": {"zero-loadfactr": "off"}}',
      /^balancer-lens: \.balancerlens\.json: rules: unknown rule id "zero-loadfactr" \(did you mean "zero-loadfactor"\?\)$/,
    ],
    [
      'a bad severity',
      '{"rules": {"zero-loadfactor": 2}}',
      /^balancer-lens: \.balancerlens\.json: rules\."zero-loadfactor": the severity must be "off", "info", "warning" or "error", not 2$/,
    ],
    ['an unknown key', '{"rule": {}}', /^balancer-lens: \.balancerlens\.json: unknown key "rule" \(did you mean "rules"\?\)/],
    ['invalid JSON', '{"rules": {', /^balancer-lens: \.balancerlens\.json: not valid JSON: /],
    [
      'a bad include',
      '{"include": "*.conf"}',
      /^balancer-lens: \.balancerlens\.json: "include" must be a list of glob patterns, not "\*\.conf"$/,
    ],
    ['a list', '[]', /^balancer-lens: \.balancerlens\.json: expected an object with "rules" and "include", not a list$/],
  ];
  for (const [what, content, message] of bad) {
    it(`exits 2 naming the file and the key for ${what}`, () => {
      const root = tempTree({ '.balancerlens.json': content, 'a.conf': CLEAN_CONF });
      const run = lint(['a.conf'], { cwd: root });
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr.trimEnd(), message);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    });
  }

  it('ships a JSON schema generated from the rules (npm run docs regenerates it)', () => {
    checkGolden(SCHEMA, `${JSON.stringify(configSchema())}\n`);
  });

  it('lists exactly the rules in the schema', () => {
    const schema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as {
      properties: { rules: { properties: object; propertyNames: { enum: string[] } } };
    };
    const ids = RULES.map((rule) => rule.id);
    assert.deepEqual(
      Object.keys(schema.properties.rules.properties),
      ids,
      'server/schema/balancerlens.schema.json is out of date: UPDATE_GOLDEN=1 regenerates it',
    );
    assert.deepEqual(schema.properties.rules.propertyNames.enum, ids);
  });

  it('accepts and rejects the same configurations in the schema and in the CLI', () => {
    const ajv = new Ajv({ allErrors: true });
    const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object);
    const samples: unknown[] = [
      {},
      {
        $schema: './node_modules/balancer-lens/server/schema/balancerlens.schema.json',
        rules: { 'zero-loadfactor': 'warning', 'unused-balancer': 'off' },
        include: ['**/*.conf'],
      },
      { rules: { 'zero-loadfactr': 'off' } },
      { rules: { 'zero-loadfactor': 'warn' } },
      { rules: { 'zero-loadfactor': 1 } },
      { include: '*.conf' },
      { include: [''] },
      { extends: 'x' },
      [],
      'rules',
    ];
    for (const sample of samples) {
      assert.equal(validate(sample), typeof parseConfig(sample) !== 'string', JSON.stringify(sample));
    }
  });
});

describe('balancer-lens lint on a terminal', function () {
  this.timeout(TIMEOUT);

  /** Runs the CLI under util-linux `script`, which gives it a pseudo-terminal; stdout and stderr arrive together. */
  const onTerminal = (cwd: string, env: NodeJS.ProcessEnv): string => {
    const result = spawnSync('script', ['-qec', `${process.execPath} ${CLI} lint .`, '/dev/null'], { cwd, encoding: 'utf8', env });
    assert.equal(result.error, undefined, 'util-linux script is needed for this test');
    return result.stdout;
  };
  const files: Record<string, string> = { 'a.conf': ERROR_CONF };
  for (let index = 0; index < 21; index++) files[`many/${index}.conf`] = CLEAN_CONF.replace(/\bb\b/g, `b${index}`);

  it('shows colour and a progress line for more than 20 files', () => {
    const env = { ...process.env };
    delete env['NO_COLOR'];
    const output = onTerminal(tempTree(files), env);
    assert.match(output, /\r\x1b\[2Kbalancer-lens: reading 1\/22 files…/);
    assert.match(output, /\x1b\[31merror\x1b\[39m/);
    assert.match(output, /\r\x1b\[2K/, 'the progress line is cleared before the report');
  });

  it('shows no colour with NO_COLOR', () => {
    const output = onTerminal(tempTree(files), { ...process.env, NO_COLOR: '1' });
    assert.match(output, /error {2}loadfactor "0"/);
    assert.doesNotMatch(output, /\x1b\[3\dm/);
  });
});

describe('balancer-lens lint --fix', function () {
  this.timeout(TIMEOUT);
  const copyFixtures = (): string => {
    const root = tempDir('balancer-lens-fix-');
    cpSync(join(ROOT, FIXTURES), root, { recursive: true });
    return root;
  };
  const snapshot = (path: string): [string, number] => [readFileSync(path, 'utf8'), statSync(path).mtimeMs];

  it('applies safe fixes in place, leaves other files alone, and reports what remains', () => {
    const root = copyFixtures();
    const error = snapshot(join(root, 'error.conf'));
    const run = lint(['quoted.conf', 'error.conf', '--fix', '--format', 'compact'], { cwd: root });
    assert.equal(run.status, 1, run.stderr);
    assert.match(readFileSync(join(root, 'quoted.conf'), 'utf8'), /BalancerMember "http:\/\/10\.0\.4\.1:8080" loadfactor=2\n/);
    assert.deepEqual(snapshot(join(root, 'error.conf')), error, 'a file without safe fixes is not rewritten');
    assert.deepEqual(
      run.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/: error: .*\[/, ' [')),
      ['error.conf:4:54 [zero-loadfactor]'],
    );
    // Nothing left to fix: a second run writes nothing.
    const quoted = snapshot(join(root, 'quoted.conf'));
    assert.equal(lint(['quoted.conf', '--fix'], { cwd: root }).status, 0);
    assert.deepEqual(snapshot(join(root, 'quoted.conf')), quoted);
  });

  it('reports positions in the fixed text', () => {
    // The fix on line 4 makes it one character shorter; line 5's finding is placed in the fixed file.
    const root = tempTree({
      'a.conf':
        '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/x/" "balancers://a/"\nProxyPass "/y/" "http://10.0.0.5/" bogus\nProxyPassReverse "/x" "balancer://a/"\n',
    });
    const run = lint(['a.conf', '--fix', '--format', 'compact'], { cwd: root });
    assert.equal(readFileSync(join(root, 'a.conf'), 'utf8').split('\n')[3], 'ProxyPass "/x/" "balancer://a/"');
    assert.match(run.stdout, /^a\.conf:5:36: error: .*\[proxypass-syntax\]\n$/);
  });

  it('writes nothing without --fix', () => {
    const root = copyFixtures();
    const before = snapshot(join(root, 'quoted.conf'));
    for (const format of ['stylish', 'json', 'sarif', 'github', 'compact']) lint(['.', '--format', format], { cwd: root });
    assert.deepEqual(snapshot(join(root, 'quoted.conf')), before);
  });

  it('leaves a file that is not valid UTF-8 alone, and says so', () => {
    const bytes = Buffer.concat([
      Buffer.from('# caf\xe9\n', 'latin1'),
      Buffer.from(
        '<Proxy "balancer://a">\n    BalancerMember "http://10.0.0.1:8080" loadfactor="2"\n</Proxy>\nProxyPass "/a/" "balancer://a/"\nProxyPassReverse "/a" "balancer://a/"\n',
      ),
    ]);
    const root = tempTree({ 'latin1.conf': bytes });
    const run = lint(['latin1.conf', '--fix'], { cwd: root });
    assert.equal(run.status, 1);
    assert.equal(run.stderr, 'balancer-lens: latin1.conf: not valid UTF-8, so --fix leaves it alone\n');
    assert.deepEqual(readFileSync(join(root, 'latin1.conf')), bytes);
  });

  it('applies edits from the end, skipping a fix that overlaps one already taken', () => {
    const fix = (start: number, end: number, newText: string): Diagnostic => ({
      ruleId: 'r',
      severity: 'error',
      span: { start, end },
      message: 'm',
      fixes: [{ title: 't', safe: true, edits: [{ span: { start, end }, newText }] }],
    });
    const unsafe: Diagnostic = {
      ruleId: 'r',
      severity: 'error',
      span: { start: 0, end: 1 },
      message: 'm',
      fixes: [{ title: 't', safe: false, edits: [{ span: { start: 0, end: 1 }, newText: 'X' }] }],
    };
    assert.deepEqual(applySafeFixes('abcdef', [unsafe, fix(1, 2, 'B'), fix(1, 3, 'Q'), fix(4, 6, 'EF!')]), { text: 'aBcdEF!', applied: 2 });
    assert.deepEqual(applySafeFixes('abc', [fix(1, 1, 'x'), fix(1, 1, 'y')]), { text: 'axbc', applied: 1 });
  });
});

/**
 * Inputs whose cost is not their size (issue #24, items 2 and 4): a regular expression or a glob
 * from the configuration or `.balancerlens.json` that backtracks on a name the same input chose,
 * and `<Macro>`s that double at each level. Each used to run for minutes (or run out of heap); each
 * must now finish in seconds through the CLI, and the language server must answer within a second
 * with it open. The CLI runs as the built binary (`npm run build` first), killed past its bound.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnCli } from '../support/cli';
import { startSession } from '../support/lsp-session';
import { tempDir } from '../support/temp';

/** Far more than any of these takes now (seconds on a busy machine), far less than they took (minutes, or out of memory). */
const BOUND_MS = 60_000;

/** Each macro uses the previous one twice: 2^levels copies of M0's line. */
function doubling(levels: number): string {
  const macros = Array.from({ length: levels }, (_, i) => `<Macro M${i + 1}>\nUse M${i}\nUse M${i}\n</Macro>\n`).join('');
  return `<Macro M0>\nBalancerMember http://a loadfactor=0\n</Macro>\n${macros}<Proxy balancer://x>\nUse M${levels}\n</Proxy>\n`;
}

/** A backtracking regex with a nested quantifier, against a `<Location>` path it fails on only after trying every split. */
const HANDLER = `<Proxy balancer://x>\nBalancerMember http://b\n</Proxy>\nProxyPassMatch "^/(a+)+$" balancer://x\n<Location "/${'a'.repeat(40)}!">\nSetHandler balancer-manager\n</Location>\n`;

/** Twelve nested stars against the running version string: 24 s for eight on a fast machine. */
const IF_VERSION = `<IfVersion ~ ^(${'(.*)*'.repeat(12)})*x$>\n<Proxy balancer://v>\nBalancerMember http://a loadfactor=0\n</Proxy>\n</IfVersion>\n`;

/** `*a*a*…*b`: each star tried at every place of the name before the `b` fails. */
const WILDCARDS = `*${'a*'.repeat(16)}b`;
const LONG_NAME = 'a'.repeat(60);

/** A case: the file the editor opens, and what `lint` is given. */
interface Case {
  readonly file: string;
  readonly args: readonly string[];
}

type Name = 'include' | 'handler' | 'ifversion' | 'macro12' | 'macro30' | 'walked';

/** The cases, written as files in `dir`. */
function write(dir: string): Record<Name, Case> {
  mkdirSync(join(dir, 'd'));
  writeFileSync(join(dir, 'd', LONG_NAME), 'ServerName a\n');
  writeFileSync(join(dir, 'include.conf'), `Include d/${WILDCARDS}\n`);
  writeFileSync(join(dir, 'handler.conf'), HANDLER);
  writeFileSync(join(dir, 'ifversion.conf'), IF_VERSION);
  writeFileSync(join(dir, 'macro12.conf'), doubling(12));
  writeFileSync(join(dir, 'macro30.conf'), doubling(30));
  const walked = join(dir, 'walked');
  mkdirSync(walked);
  writeFileSync(join(walked, '.balancerlens.json'), JSON.stringify({ include: [WILDCARDS, '*.conf'] }));
  writeFileSync(join(walked, LONG_NAME), 'ServerName a\n');
  writeFileSync(join(walked, 'site.conf'), '<Proxy balancer://x>\nBalancerMember http://b loadfactor=0\n</Proxy>\n');
  return {
    handler: { file: 'handler.conf', args: ['handler.conf'] },
    ifversion: { file: 'ifversion.conf', args: ['ifversion.conf'] },
    macro12: { file: 'macro12.conf', args: ['macro12.conf'] },
    macro30: { file: 'macro30.conf', args: ['macro30.conf'] },
    walked: { file: 'walked/site.conf', args: ['walked'] },
    include: { file: 'include.conf', args: ['include.conf'] },
  };
}

describe('security: patterns and macros whose cost is not their size', function () {
  this.timeout(300_000);
  let dir: string;
  let cases: ReturnType<typeof write>;

  before(() => {
    dir = tempDir('balancer-lens-costly-');
    cases = write(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** `lint ARGS` in the folder, killed past the bound; its JSON report. */
  function lint(args: readonly string[]): { status: number | null; findings: { ruleId: string; message: string }[]; ms: number } {
    const started = performance.now();
    const run = spawnCli(['lint', '--format', 'json', ...args], { cwd: dir, timeoutMs: BOUND_MS, maxOutput: 64 * 1024 * 1024 });
    const ms = performance.now() - started;
    assert.equal(run.signal, null, `lint ${args.join(' ')} was killed after ${Math.round(ms)} ms`);
    assert.doesNotMatch(run.stderr, /heap out of memory|\n\s+at /);
    const report = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
    return { status: run.status, findings: report.flatMap((file) => file.messages), ms };
  }

  it('a ProxyPassMatch with a nested quantifier against a <Location> path (handler-proxied)', () => {
    const result = lint(cases.handler.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.equal(result.status, 0);
    assert.ok(!result.findings.some((finding) => finding.ruleId === 'handler-proxied'), 'the pattern does not match the path');
  });

  it('<IfVersion ~ …> with twelve nested stars: evaluated in bounded steps, the section left out', () => {
    const result = lint(cases.ifversion.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.equal(result.status, 0);
    assert.ok(!result.findings.some((finding) => finding.ruleId === 'zero-loadfactor'), 'the version does not end in x');
  });

  it('a wildcard Include of *a*a*…b over a long file name', () => {
    const result = lint(cases.include.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.ok(result.findings.some((finding) => finding.ruleId === 'include-failed'));
  });

  it('an include glob of .balancerlens.json over a long file name in lint DIR', () => {
    const result = lint(cases.walked.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.ok(result.findings.some((finding) => finding.ruleId === 'zero-loadfactor'));
  });

  it('an ignore pattern of *a*a*…b (--ignore-pattern, as the settings file\'s "ignore") over a long file name in lint DIR', () => {
    const result = lint([...cases.walked.args, '--ignore-pattern', WILDCARDS]);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.ok(result.findings.some((finding) => finding.ruleId === 'zero-loadfactor'));
  });

  it('twelve levels of macros, each using the previous twice: 4,096 lines with a finding each', () => {
    const result = lint(cases.macro12.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.ok(result.findings.some((finding) => finding.ruleId === 'zero-loadfactor'));
  });

  it('thirty levels of macros: the expansion stops at the line limit, with a finding, instead of running out of memory', () => {
    const result = lint(cases.macro30.args);
    console.log(`      ${Math.round(result.ms)} ms`);
    assert.equal(result.status, 2);
    assert.ok(result.findings.some((finding) => finding.ruleId === 'include-over-limit' && /lines/.test(finding.message)));
  });

  it('the language server publishes diagnostics for each of them, and then answers a request within a second', async () => {
    const session = await startSession({ root: pathToFileURL(dir).toString() });
    try {
      for (const [name, { file }] of Object.entries(cases)) {
        const uri = pathToFileURL(join(dir, file)).toString();
        const opened = performance.now();
        session.open(uri, readFileSync(join(dir, file), 'utf8'));
        const published = await Promise.race([
          session.diagnostics(uri, 1).then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), BOUND_MS)),
        ]);
        const analysed = performance.now() - opened;
        assert.ok(published, `${name}: no diagnostics after ${Math.round(analysed)} ms`);
        const asked = performance.now();
        await session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } });
        const answered = performance.now() - asked;
        console.log(`      ${name}: diagnostics in ${Math.round(analysed)} ms, then a hover in ${Math.round(answered)} ms`);
        assert.ok(answered < 1000, `${name}: the hover took ${Math.round(answered)} ms`);
        session.close(uri);
      }
      assert.equal(session.process.exitCode, null, session.stderr.join(''));
    } finally {
      session.stop();
    }
  });
});

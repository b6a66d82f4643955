/**
 * Pathological inputs, generated in memory: each must finish in time linear in its size, with a
 * clear result and no stack overflow — in the reader, walk, model, rules, editor features, the CLI
 * (spawned as `node server/dist/cli.js`, so `npm run build` first) and the language server.
 *
 * Budgets are generous, and held to CPU time in memory so that a busy machine does not fail them;
 * the quadratic paths these cases found took minutes. CI lints a 10 MB file; `npm run fuzz` (BALANCER_LENS_FUZZ=long) adds
 * the 50 MB one. Each case prints its time, for the README's Reliability section.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze, Analysis } from '../../../server/src/core/analysis';
import { codeActions } from '../../../server/src/core/features/code-actions';
import { codeLenses } from '../../../server/src/core/features/code-lens';
import { complete } from '../../../server/src/core/features/completion';
import { hover } from '../../../server/src/core/features/hover';
import { inlayHints } from '../../../server/src/core/features/inlay-hints';
import { definition, references } from '../../../server/src/core/features/navigation';
import { documentSymbols, foldingRanges } from '../../../server/src/core/features/symbols';
import { lint } from '../../../server/src/core/lint';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import { picks } from '../../../server/src/core/scheduler/byrequests';
import { logicalLines } from '../../../server/src/core/syntax/lines';
import { DEFAULT_READ_LIMITS } from '../../../server/src/core/syntax/includes';
import { walk } from '../../../server/src/core/syntax/walk';
import { cpuMs, EPOCH } from '../../fuzz/inputs';
import { isExploring } from '../../support/fuzz';
import { startSession } from '../../support/lsp-session';

const ROOT = join(__dirname, '../../..');
const CLI = join(ROOT, 'server/dist/cli.js');
const MB = 1024 * 1024;

/** Time and what was measured, printed under the test name. */
function report(label: string, ms: number, extra = ''): void {
  console.log(`      ${label}: ${ms.toFixed(0)} ms${extra ? ` (${extra})` : ''}`);
}

/**
 * Analysis, lint, and every editor feature at the start, middle and end of the text; the wall time
 * (reported) and the CPU time (held to the budget, so that a busy machine does not fail a case).
 */
function runAll(text: string): { analysis: Analysis; diagnostics: Diagnostic[]; ms: number; cpuMs: number } {
  const started = performance.now();
  const cpuStarted = cpuMs();
  const analysis = analyze(text, { epochSeconds: EPOCH, environment: {} });
  const diagnostics = lint(analysis);
  for (const _ of walk(analysis.tree.nodes));
  documentSymbols(analysis);
  foldingRanges(analysis);
  inlayHints(analysis);
  codeLenses(analysis, { picks: 10 });
  codeActions(analysis, diagnostics, { start: 0, end: text.length });
  for (const offset of [0, 20, text.length >> 1, text.length]) {
    hover(analysis, offset, { picks: 20 });
    complete(analysis, offset);
    definition(analysis, offset);
    references(analysis, offset);
  }
  return { analysis, diagnostics, ms: performance.now() - started, cpuMs: cpuMs() - cpuStarted };
}

/** A CPU-time budget for `size` characters: `perMb` ms per MiB plus three seconds (generous: the quadratic paths took minutes). */
function budget(size: number, perMb = 6000): number {
  return 3000 + (perMb * size) / MB;
}

const count = (diagnostics: readonly Diagnostic[], ruleId: string): number =>
  diagnostics.filter((diagnostic) => diagnostic.ruleId === ruleId).length;

/** A realistic configuration block (virtual host, balancer, members, routes, comments), about 560 bytes. */
function block(i: number): string {
  return [
    `# site ${i}`,
    `<VirtualHost *:${8000 + (i % 1000)}>`,
    `    ServerName site${i}.example.com`,
    `    <Proxy "balancer://site${i}">`,
    `        BalancerMember "http://10.${(i >> 8) & 255}.${i & 255}.1:8080" loadfactor=${(i % 9) + 1} route=a`,
    `        BalancerMember "http://10.${(i >> 8) & 255}.${i & 255}.2:8080" loadfactor=3 route=b`,
    `        BalancerMember "http://10.${(i >> 8) & 255}.${i & 255}.3:8080" status=+H route=c`,
    '        ProxySet lbmethod=byrequests stickysession=ROUTEID',
    '    </Proxy>',
    `    ProxyPass "/app/" "balancer://site${i}/"`,
    `    ProxyPassReverse "/app" "balancer://site${i}/"`,
    '</VirtualHost>',
    '',
  ].join('\n');
}

/** About `bytes` of realistic configuration. */
function realistic(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const next = block(i);
    parts.push(next);
    size += next.length;
  }
  return parts.join('');
}

describe('pathological inputs in the core (in memory)', function () {
  this.timeout(300_000);

  it('a 10 MB single line (one word) and a 4 MB line of 400,000 words', () => {
    const word = `BalancerMember balancer://a http://${'h'.repeat(10 * MB)}\n`;
    const one = runAll(word);
    report('10 MB word', one.ms);
    assert.ok(one.cpuMs < budget(word.length, 2000));
    assert.equal(one.analysis.tree.nodes.length, 1);
    const many = `<Proxy balancer://a>\nBalancerMember http://b ${'k=v '.repeat(400_000)}\n</Proxy>\n`;
    const result = runAll(many);
    report('4 MB line of 400,000 key=value words', result.ms, `${result.diagnostics.length} findings`);
    assert.ok(result.cpuMs < budget(many.length, 8000));
    assert.equal(count(result.diagnostics, 'unknown-parameter'), 1, 'a repeated key is one table entry, reported once');
  });

  it('100,000 backslash continuations: one logical line', () => {
    const text = `BalancerMember balancer://a http://b \\\n${'    loadfactor=2 \\\n'.repeat(100_000)}\n`;
    const result = runAll(text);
    report('100,000 continuations', result.ms);
    assert.ok(result.cpuMs < budget(text.length));
    assert.equal([...logicalLines(text)].length, 1, 'the last continuation swallows the final empty line');
    assert.equal(result.analysis.model.balancers[0]?.members.length, 1);
    // 300,000 words on one logical line: Apache stops at the first word it refuses, and so does member-syntax.
    const words = `${'BalancerMember balancer://a http://b \\\n'.repeat(100_000)}\n`;
    const many = runAll(words);
    report('100,000 continued BalancerMember lines, 300,000 words', many.ms);
    assert.ok(many.cpuMs < budget(words.length, 12_000));
    assert.equal(many.diagnostics.length, 1);
    const bare = 'x\\\n'.repeat(100_000);
    assert.equal([...logicalLines(bare)].length, 1);
    assert.ok(runAll(bare).cpuMs < budget(bare.length));
  });

  for (const [name, open, close, inner] of [
    ['<Proxy>', '<Proxy balancer://a>', '</Proxy>', 'BalancerMember http://b'],
    ['<Location>', '<Location /a>', '</Location>', 'ProxyPass balancer://a/'],
    ['<VirtualHost>', '<VirtualHost *:80>', '</VirtualHost>', 'BalancerMember balancer://a http://b'],
    ['true <IfModule>', '<IfModule proxy_module>', '</IfModule>', 'BalancerMember balancer://a http://b'],
  ] as const) {
    it(`20,000 nested ${name} sections: no stack overflow anywhere`, () => {
      const text = `${`${open}\n`.repeat(20_000)}${inner}\n${`${close}\n`.repeat(20_000)}`;
      const result = runAll(text);
      report(`20,000 nested ${name}`, result.ms, `${result.diagnostics.length} findings`);
      assert.ok(result.cpuMs < budget(text.length));
      let depth = 0;
      let deepest = 0;
      for (const step of walk(result.analysis.tree.nodes)) {
        if (step.kind === 'enter') deepest = Math.max(deepest, ++depth);
        else if (step.kind === 'leave') depth--;
      }
      assert.equal(deepest, name === 'true <IfModule>' ? 0 : 20_000);
      assert.equal(foldingRanges(result.analysis).length, 20_000);
    });
  }

  it('20,000 unclosed sections and 20,000 unclosed conditionals', () => {
    const sections = '<Proxy balancer://a>\n'.repeat(20_000) + 'BalancerMember http://b\n';
    const result = runAll(sections);
    report('20,000 unclosed <Proxy>', result.ms, `${result.diagnostics.length} findings`);
    assert.ok(result.cpuMs < budget(sections.length));
    assert.equal(result.analysis.tree.diagnostics.filter((diagnostic) => diagnostic.problem === 'unclosed-section').length, 20_000);
    const conditionals = '<IfModule proxy_module>\n'.repeat(20_000);
    const second = runAll(conditionals);
    report('20,000 unclosed <IfModule>', second.ms);
    assert.ok(second.cpuMs < budget(conditionals.length));
    assert.equal(second.analysis.tree.diagnostics.filter((diagnostic) => diagnostic.problem === 'unclosed-conditional').length, 20_000);
    // A false conditional is skipped as Apache skips it: one unclosed block, however deep.
    const skipped = '<IfModule !proxy_module>\n'.repeat(20_000);
    const third = runAll(skipped);
    assert.ok(third.cpuMs < budget(skipped.length));
    assert.deepEqual(
      third.analysis.tree.diagnostics.map((diagnostic) => diagnostic.problem),
      ['skipped-block-unclosed'],
    );
  });

  it('20,000 unclosed <VirtualHost> sections with a ProxyPass in each', () => {
    const text = '<VirtualHost *:80>\n    ProxyPass "/x/" "balancer://a"\n'.repeat(20_000);
    const result = runAll(text);
    report('20,000 unclosed <VirtualHost>, a ProxyPass in each', result.ms, `${result.diagnostics.length} findings`);
    assert.ok(result.cpuMs < budget(text.length));
  });

  it('20,000 balancers with a ProxyPass each, and 20,000 suppression comments', () => {
    const balancers = Array.from(
      { length: 20_000 },
      (_, i) =>
        `BalancerMember balancer://b${i} http://h${i}\nProxyPass /p${i}/ balancer://b${i}/\nProxyPassReverse /p${i} balancer://b${i}/\n`,
    ).join('');
    const result = runAll(balancers);
    report('20,000 balancers', result.ms);
    assert.ok(result.cpuMs < budget(balancers.length));
    assert.equal(documentSymbols(result.analysis).length, 20_000);
    const suppressed = '# balancer-lens-disable-next-line zero-loadfactor\nBalancerMember balancer://a http://b loadfactor=0\n'.repeat(
      20_000,
    );
    const second = runAll(suppressed);
    report('20,000 suppression comments', second.ms);
    assert.ok(second.cpuMs < budget(suppressed.length));
    assert.equal(count(second.diagnostics, 'zero-loadfactor'), 0);
  });

  it('a line of 50,000 distinct parameter keys, and 20,000 template blocks', () => {
    const keys = `<Proxy balancer://a>\nBalancerMember http://b ${Array.from({ length: 50_000 }, (_, i) => `key${i}=1`).join(' ')}\n</Proxy>\n`;
    const result = runAll(keys);
    report('50,000 distinct keys on one line', result.ms, `${result.diagnostics.length} findings`);
    assert.ok(result.cpuMs < budget(keys.length, 12_000));
    const template =
      '<?php foreach ($pools as $pool) { ?>\n<Proxy balancer://<?= $pool ?>>\nBalancerMember http://{{ host }} loadfactor=0\n</Proxy>\n<?php } ?>\n'.repeat(
        20_000,
      );
    const second = runAll(template);
    report('20,000 template blocks', second.ms);
    assert.ok(second.cpuMs < budget(template.length));
    assert.equal(count(second.diagnostics, 'template-syntax'), 1, 'one note stands in for what the template tags cause');
  });

  it('mod_macro: 20,000 uses of a macro, an expansion that doubles 40 times, and a long line of parameters', () => {
    const uses = `<Macro Member $h $w>\nBalancerMember http://$h loadfactor=$w\n</Macro>\n<Proxy balancer://a>\n${Array.from({ length: 20_000 }, (_, i) => `Use Member 10.0.${i >> 8}.${i & 255} ${(i % 9) + 1}`).join('\n')}\n</Proxy>\n`;
    const result = runAll(uses);
    report('20,000 Use lines', result.ms);
    assert.ok(result.cpuMs < budget(uses.length, 60_000));
    assert.equal(result.analysis.previews[0]?.balancer.members.length, 20_000);
    // Each macro uses the previous one twice: 2^40 lines if nothing bounded the expansion.
    const doubling = `<Macro M0>\nServerName x\n</Macro>\n${Array.from({ length: 40 }, (_, i) => `<Macro M${i + 1}>\nUse M${i}\nUse M${i}\n</Macro>\n`).join('')}Use M40\n`;
    const bounded = analyze(doubling, { epochSeconds: EPOCH, environment: {}, limits: { ...DEFAULT_READ_LIMITS, size: MB } });
    assert.ok(bounded.tree.diagnostics.some((diagnostic) => diagnostic.problem === 'include-limit'));
    const long = `<Macro L $a>\nServerName ${'$a'.repeat(4000)}\n</Macro>\nUse L ""\nUse L xyz\n`;
    const line = runAll(long);
    report('a macro line of 4,000 parameters', line.ms);
    assert.ok(line.cpuMs < budget(long.length));
    assert.ok(
      line.diagnostics.some((diagnostic) => diagnostic.ruleId === 'invalid-macro'),
      "xyz × 4000 overflows mod_macro's 8 KB line",
    );
  });

  it('20,000 stray and mismatched closing lines', () => {
    const text = `${'<A>\n'.repeat(10_000)}${'</B>\n'.repeat(10_000)}${'</Proxy>\n'.repeat(20_000)}`;
    const result = runAll(text);
    report('20,000 stray closes under 10,000 open sections', result.ms);
    assert.ok(result.cpuMs < budget(text.length));
  });

  it('100,000 members in one balancer: schedule and hover', () => {
    const members = Array.from(
      { length: 100_000 },
      (_, i) =>
        `    BalancerMember "http://10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}:8080" loadfactor=${(i % 10) + 1} route=r${i}`,
    );
    const text = `<Proxy "balancer://big">\n${members.join('\n')}\n    ProxySet stickysession=ROUTEID\n</Proxy>\nProxyPass "/big/" "balancer://big/"\nProxyPassReverse "/big" "balancer://big/"\n`;
    const result = runAll(text);
    report('100,000 members', result.ms, `${(text.length / MB).toFixed(1)} MB`);
    assert.ok(result.cpuMs < budget(text.length, 8000));
    const preview = result.analysis.previews[0]!;
    assert.equal(preview.balancer.members.length, 100_000);
    const sum = preview.schedule.members.reduce((total, entry) => total + entry.share, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9);
    const inputs = preview.balancer.members.map((member) => ({
      lbfactor: member.params.lbfactor,
      lbset: member.params.lbset,
      status: member.params.status,
      retry: member.params.retry,
    }));
    assert.equal(picks(inputs, preview.schedule, 100).length, 100);
    const started = performance.now();
    const balancerHover = hover(result.analysis, 5, { picks: 1000 })!;
    const memberHover = hover(result.analysis, text.indexOf('10.100.200.7'), { picks: 20 })!;
    report('hover on the balancer and on a member', performance.now() - started, `${balancerHover.markdown.length} characters`);
    assert.ok(balancerHover.markdown.length < 100_000, 'the hover stays small');
    assert.match(balancerHover.markdown, /… and 99900 more members/);
    assert.match(memberHover.markdown, /of requests/);
  });

  it('50,000 members with loadfactor=0, half of them next to an undefined ${VAR}: a finding each', () => {
    // Each finding looks up its member's line and the unresolved words: both were scans, quadratic here.
    const members = Array.from(
      { length: 50_000 },
      (_, i) =>
        `    BalancerMember "http://10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}:8080" loadfactor=0 status=+H${i % 2 ? ' route=${ROUTE}' : ''}`,
    );
    const text = `<Proxy "balancer://zero">\n${members.join('\n')}\n</Proxy>\nProxyPass "/zero/" "balancer://zero/"\nProxyPassReverse "/zero" "balancer://zero/"\n`;
    const result = runAll(text);
    report('50,000 zero loadfactors', result.ms, `${(text.length / MB).toFixed(1)} MB`);
    assert.ok(result.cpuMs < budget(text.length));
    assert.equal(count(result.diagnostics, 'zero-loadfactor'), 50_000);
  });

  it('a 1 MB loadfactor value', () => {
    for (const [value, findings] of [
      ['1'.repeat(MB), 1],
      [`0.${'0'.repeat(MB)}1`, 1],
      [`1${'0'.repeat(MB)}e-${MB}`, 0],
    ] as const) {
      const text = `<Proxy balancer://a>\nBalancerMember http://a loadfactor=${value}\n</Proxy>\n`;
      const result = runAll(text);
      report(`loadfactor=${value.slice(0, 4)}… (1 MB)`, result.ms);
      assert.ok(result.cpuMs < budget(text.length, 8000));
      assert.equal(
        count(result.diagnostics, 'invalid-loadfactor') + count(result.diagnostics, 'zero-loadfactor'),
        findings,
        JSON.stringify(result.diagnostics.map((diagnostic) => diagnostic.ruleId)),
      );
      const shown = hover(result.analysis, text.indexOf('loadfactor=') + 3, { picks: 20 })!;
      assert.ok(shown.markdown.length < 4 * MB);
    }
  });

  it("a RewriteRule with 1 MB of flags: mod_rewrite's flag lexer in linear time", () => {
    for (const [flags, findings] of [
      [`[${'L,'.repeat(MB / 2)}X]`, 1],
      [`[${'NC,'.repeat(MB / 3)}L]`, 0],
      [`"[${' ,'.repeat(MB / 2)}]"`, 1],
    ] as const) {
      const text = `RewriteEngine On\nRewriteRule ^/a /b ${flags}\n`;
      const result = runAll(text);
      report(`RewriteRule ${flags.slice(0, 6)}… (1 MB)`, result.ms);
      assert.ok(result.cpuMs < budget(text.length));
      assert.equal(count(result.diagnostics, 'invalid-directive-argument'), findings);
    }
  });

  it('NUL bytes, a byte order mark, CR-only and mixed line endings', () => {
    const nul = runAll(`<Proxy balancer://a>\nBalancerMember http://b\0 loadfactor=0\n\0\0\0\n${'\0'.repeat(100_000)}</Proxy>\n`);
    assert.equal(count(nul.diagnostics, 'zero-loadfactor'), 0, 'a NUL ends the line as Apache reads it');
    const bom = runAll('\uFEFF<Proxy balancer://a>\nBalancerMember http://b\n</Proxy>\n');
    assert.ok(count(bom.diagnostics, 'unknown-directive') >= 1, 'Apache does not strip a BOM: the first directive is unknown');
    const crOnly = '<Proxy balancer://a>\r    BalancerMember http://b\r</Proxy>\r'.repeat(50_000);
    const cr = runAll(crOnly);
    report('2 MB of CR-only line endings', cr.ms);
    assert.ok(cr.cpuMs < budget(crOnly.length));
    assert.equal([...logicalLines(crOnly)].length, 1, 'Apache ends lines at LF only');
    const mixed = runAll('<Proxy balancer://a>\r\n    BalancerMember http://b loadfactor=0\n    BalancerMember http://c\r</Proxy>\n\r\n');
    assert.equal(count(mixed.diagnostics, 'zero-loadfactor'), 1);
  });
});

/** How many CLI runs this file started: each writes its usage to a file of its own. */
let cliRuns = 0;

/** Runs the CLI on `args` with a hard timeout; returns what it printed, its exit code, its time and peak memory. */
function cli(
  args: readonly string[],
  cwd: string,
  timeoutMs: number,
  nodeOptions: readonly string[] = [],
): Promise<{ stdout: string; stderr: string; code: number | null; ms: number; peakMb: number }> {
  const usage = join(cwd, `rusage-${process.pid}-${++cliRuns}.json`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, '--require', join(ROOT, 'bench/rusage.cjs'), CLI, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', BENCH_RUSAGE_FILE: usage },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`balancer-lens ${args.join(' ')} took more than ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      let peakMb = 0;
      try {
        peakMb = (JSON.parse(readFileSync(usage, 'utf8')) as { maxRssKiB: number }).maxRssKiB / 1024;
      } catch {
        // The process died before writing its usage; the exit code says why.
      }
      resolve({
        stdout: Buffer.concat(stdout).toString(),
        stderr: Buffer.concat(stderr).toString(),
        code,
        ms: performance.now() - started,
        peakMb,
      });
    });
  });
}

describe('pathological inputs through the CLI', function () {
  this.timeout(900_000);
  this.slow(60_000);
  let directory: string;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'balancer-lens-pathological-'));
  });
  after(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  for (const size of isExploring ? [10, 50] : [10]) {
    it(`lints a ${size} MB configuration in linear time and bounded memory${size === 50 ? ' (npm run fuzz only)' : ''}`, async () => {
      const file = join(directory, `big-${size}.conf`);
      const text = realistic(size * MB);
      writeFileSync(file, text);
      const result = await cli(['lint', file, '--format', 'compact'], directory, 60_000 * size);
      report(`lint ${size} MB`, result.ms, `peak RSS ${result.peakMb.toFixed(0)} MB`);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      assert.ok(result.ms < 12_000 * size, `${result.ms} ms`);
      // Memory grows with the text (the syntax tree and model keep every line), but stays within a bound.
      assert.ok(result.peakMb < 200 + 120 * size, `peak RSS ${result.peakMb} MB`);
      const schedule = await cli(['schedule', file, '--format', 'json', '--balancer', 'site7'], directory, 60_000 * size);
      report(`schedule ${size} MB`, schedule.ms);
      assert.equal(schedule.code, 0, schedule.stderr);
      assert.equal((JSON.parse(schedule.stdout) as { balancers: unknown[] }).balancers.length, 1);
    });
  }

  it('schedules and lints 100,000 members of one balancer', async () => {
    const file = join(directory, 'members.conf');
    const members = Array.from(
      { length: 100_000 },
      (_, i) => `    BalancerMember "http://10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}:8080" loadfactor=${(i % 10) + 1}`,
    );
    writeFileSync(
      file,
      `<Proxy "balancer://big">\n${members.join('\n')}\n</Proxy>\nProxyPass "/big/" "balancer://big/"\nProxyPassReverse "/big" "balancer://big/"\n`,
    );
    const schedule = await cli(['schedule', file, '--picks', '1000'], directory, 120_000);
    report('schedule of 100,000 members, 1,000 picks', schedule.ms);
    assert.equal(schedule.code, 0, schedule.stderr);
    assert.match(schedule.stdout, /cycle of \d+ picks/);
    const lint = await cli(['lint', file], directory, 120_000);
    assert.equal(lint.code, 0, lint.stderr);
  });

  // A list spread into one call (Math.max(...widths), push(...items)) fails past about 120,000 items
  // with the default stack; with a tenth of it the limit is near 12,000, so 30,000 show it quickly.
  it('reports 30,000 findings and schedules 30,000 members on a tenth of the usual stack: no list is spread into one call', async () => {
    const members = Array.from(
      { length: 30_000 },
      (_, i) => `    BalancerMember "http://10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}:8080"`,
    ).join('\n');
    const zero = join(directory, 'zero-members.conf');
    writeFileSync(zero, `<Proxy "balancer://big">\n${members.replace(/$/gm, ' loadfactor=0')}\n</Proxy>\n`);
    const plain = join(directory, 'plain-members.conf');
    writeFileSync(plain, `<Proxy "balancer://big">\n${members}\n</Proxy>\n`);
    const small = ['--stack-size=100'];
    for (const format of ['stylish', 'compact', 'github', 'json', 'sarif']) {
      const lint = await cli(['lint', zero, '--format', format], directory, 120_000, small);
      assert.equal(lint.code, 1, `${format}: ${lint.stderr}`);
    }
    const schedule = await cli(['schedule', plain], directory, 120_000, small);
    assert.equal(schedule.code, 0, schedule.stderr);
    assert.match(schedule.stdout, /cycle of 30000 picks/);
  });

  it('says a binary file is binary, skips it and moves on; never a stack trace', async () => {
    const binary = join(directory, 'logo.conf');
    const bytes = Buffer.alloc(64 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    bytes.write('\x89PNG\r\n\x1a\n', 0, 'latin1');
    writeFileSync(binary, bytes);
    const good = join(directory, 'good.conf');
    writeFileSync(good, '<Proxy balancer://a>\n    BalancerMember http://b loadfactor=0\n</Proxy>\n');
    const lint = await cli(['lint', binary, good], directory, 30_000);
    assert.equal(lint.code, 2, 'an incomplete run');
    assert.match(lint.stderr, /logo\.conf: binary file, skipped/);
    assert.match(lint.stdout, /zero-loadfactor/, 'the other file is still linted');
    const schedule = await cli(['schedule', binary], directory, 30_000);
    assert.equal(schedule.code, 2);
    assert.match(schedule.stderr, /^balancer-lens: .*logo\.conf.* binary file/);
    for (const output of [lint.stderr, schedule.stderr]) assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
  });

  it('refuses a device (a .conf symlink to /dev/zero) and a file too big for the heap, instead of hanging or aborting', async function () {
    if (process.platform === 'win32') this.skip();
    symlinkSync('/dev/zero', join(directory, 'zero.conf'));
    const device = await cli(['lint', 'zero.conf'], directory, 30_000);
    assert.equal(device.code, 2);
    assert.match(device.stderr, /zero\.conf is a character device, not a regular file, skipped/);
    // A folder walk does not even open it: the link leads outside the folder.
    const walked = await cli(['lint', '.'], directory, 30_000);
    assert.equal(walked.code, 2);
    assert.match(walked.stderr, /zero\.conf: symlink to a file outside \., skipped/);
    const schedule = await cli(['schedule', 'zero.conf'], directory, 30_000);
    assert.equal(schedule.code, 2);
    assert.match(schedule.stderr, /zero\.conf is a character device, not a regular file/);
    rmSync(join(directory, 'zero.conf'));
    // Past the heap's limit Node aborts with a native stack trace; the CLI refuses the file first.
    const big = join(directory, 'big.conf');
    writeFileSync(big, realistic(8 * MB));
    const refused = await cli(['lint', big], directory, 60_000, ['--max-old-space-size=64']);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(
      refused.stderr,
      /big\.conf is 8\.0 MB, more than the [\d.]+ MB limit \(--max-size MB raises it; past about [\d.]+ MB, raise the Node\.js heap too: NODE_OPTIONS=--max-old-space-size=MB\), skipped/,
    );
    assert.doesNotMatch(refused.stderr, /\n\s+at |FATAL/);
    rmSync(big);
  });

  it('reads invalid UTF-8, NUL bytes past the binary probe, a BOM and CR-only files', async () => {
    const invalid = join(directory, 'latin1.conf');
    writeFileSync(
      invalid,
      Buffer.concat([
        Buffer.from('# caf'),
        Buffer.from([0xe9, 0xff, 0xc3]),
        Buffer.from(
          '\n<Proxy balancer://a>\n    BalancerMember http://b loadfactor=0\n</Proxy>\nProxyPass "/a/" "balancer://a"\nProxyPassReverse "/a" "balancer://a"\n',
        ),
      ]),
    );
    const nul = join(directory, 'nul.conf');
    writeFileSync(nul, `${'# padding\n'.repeat(1000)}BalancerMember balancer://a http://b\0tail\n`);
    const bom = join(directory, 'bom.conf');
    writeFileSync(bom, '\uFEFF<Proxy balancer://a>\n    BalancerMember http://b\n</Proxy>\n');
    const cr = join(directory, 'cr.conf');
    writeFileSync(cr, '<Proxy balancer://a>\r    BalancerMember http://b\r</Proxy>\r');
    const result = await cli(['lint', invalid, nul, bom, cr, '--format', 'json'], directory, 30_000);
    assert.equal(result.code, 1, result.stderr);
    const files = JSON.parse(result.stdout) as { filePath: string; messages: { ruleId: string }[] }[];
    assert.deepEqual(
      files.map((entry) => entry.filePath.slice(directory.length + 1)),
      ['latin1.conf', 'nul.conf', 'bom.conf', 'cr.conf'],
    );
    assert.ok(files[0]!.messages.some((message) => message.ruleId === 'zero-loadfactor'));
    assert.ok(files[2]!.messages.some((message) => message.ruleId === 'unknown-directive'));
    const before = readFileSync(invalid);
    const fixed = await cli(['lint', '--fix', invalid], directory, 30_000);
    assert.match(fixed.stderr, /not valid UTF-8, so --fix leaves it alone/);
    assert.ok(readFileSync(invalid).equals(before), 'the bytes are untouched');
    assert.doesNotMatch(fixed.stderr, /\n\s+at /);
  });
});

describe('pathological inputs through the language server', function () {
  this.timeout(300_000);

  it('indexes a workspace holding a .conf symlink to /dev/zero without hanging', async function () {
    if (process.platform === 'win32') this.skip();
    const directory = mkdtempSync(join(tmpdir(), 'balancer-lens-workspace-'));
    symlinkSync('/dev/zero', join(directory, 'zero.conf'));
    writeFileSync(join(directory, 'site.conf'), '<Proxy balancer://a>\n    BalancerMember http://b loadfactor=0\n</Proxy>\n');
    const session = await startSession({ root: pathToFileURL(directory).toString(), folders: true });
    try {
      const uri = pathToFileURL(join(directory, 'site.conf')).toString();
      session.open(uri, readFileSync(join(directory, 'site.conf'), 'utf8'));
      const diagnostics = await session.diagnostics(uri, 1);
      assert.ok(diagnostics.diagnostics.some((diagnostic) => diagnostic.code === 'zero-loadfactor'));
    } finally {
      session.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('outlines, folds and hovers 20,000 nested and 20,000 unclosed sections and 100,000 members', async () => {
    // 100,000 members are 7 MB, past the editor's default size limit of 2 MB.
    const session = await startSession({ pullSettings: true, configuration: () => ({ limits: { maxSize: 16 } }) });
    const { connection } = session;
    try {
      await session.configurationAsked();
      const members = Array.from(
        { length: 100_000 },
        (_, i) => `BalancerMember "http://10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}:8080" loadfactor=${(i % 10) + 1}`,
      );
      const documents: [string, string][] = [
        ['nested', `${'<Proxy balancer://a>\n'.repeat(20_000)}BalancerMember http://b\n${'</Proxy>\n'.repeat(20_000)}`],
        ['unclosed', `${'<VirtualHost *:80>\n<Proxy balancer://a>\nBalancerMember http://b\n'.repeat(10_000)}`],
        [
          'members',
          `<Proxy "balancer://big">\n${members.join('\n')}\n</Proxy>\nProxyPass "/big/" "balancer://big/"\nProxyPassReverse "/big" "balancer://big/"\n`,
        ],
      ];
      for (const [name, text] of documents) {
        const uri = `file:///tmp/balancer-lens-pathological/${name}.conf`;
        const started = performance.now();
        session.open(uri, text);
        await session.diagnostics(uri, 1);
        const textDocument = { uri };
        const symbols = (await connection.sendRequest('textDocument/documentSymbol', { textDocument })) as unknown[];
        const folding = (await connection.sendRequest('textDocument/foldingRange', { textDocument })) as unknown[];
        const shown = (await connection.sendRequest('textDocument/hover', { textDocument, position: { line: 0, character: 10 } })) as {
          contents: { value: string };
        } | null;
        await connection.sendRequest('textDocument/inlayHint', {
          textDocument,
          range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } },
        });
        await connection.sendRequest('textDocument/codeLens', { textDocument });
        report(`language server, ${name}: open, outline, folding, hover, hints and lenses`, performance.now() - started);
        assert.ok(Array.isArray(symbols) && Array.isArray(folding));
        if (name === 'nested') assert.equal(folding.length, 20_000);
        if (name === 'members') assert.match(shown?.contents.value ?? '', /more members/);
        connection.sendNotification('textDocument/didClose', { textDocument });
      }
      assert.equal(session.process.exitCode, null, session.stderr.join(''));
      assert.doesNotMatch(session.stderr.join(''), /RangeError|Maximum call stack/);
    } finally {
      session.stop();
    }
  });
});

/**
 * Neovim (Debian's 0.7.2) as a second, independent LSP client: test/e2e/neovim/probe.lua starts
 * `node server/dist/cli.js lsp --stdio`, opens the fixture, waits for diagnostics and asks for a
 * hover, inlay hints and code lenses; this test reads what it wrote.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshScratch, ROOT, scratchEnvironment } from './harness/codeServer';

const FIXTURE = join(ROOT, 'test/e2e/fixtures/shop.conf');

interface ProbeResult {
  nvim: string;
  errors: unknown[];
  exitCode?: number;
  diagnostics?: {
    code?: string;
    source?: string;
    severity?: number;
    message: string;
    range: { start: { line: number; character: number } };
  }[];
  hover?: { contents: { kind?: string; value: string } | string } | null;
  inlayHints?: { label: string | { value: string }[] }[] | null;
  codeLenses?: { command?: { title: string; command: string; arguments?: unknown[] } }[] | null;
}

describe('Neovim as an LSP client (balancer-lens lsp --stdio)', function () {
  this.timeout(60_000);
  let probe: ProbeResult;

  before(() => {
    const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
    assert.equal(nvim.status, 0, "nvim is missing: run scripts/install-code-server.sh (it installs Debian's neovim)");
    const scratch = freshScratch('neovim');
    const out = join(scratch, 'probe.json');
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const line = lines.findIndex((text) => text.startsWith('<Proxy "balancer://shop">'));
    const started = Date.now();
    execFileSync(
      'timeout',
      ['45', 'nvim', '--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(ROOT, 'test/e2e/neovim/probe.lua')}`],
      {
        env: {
          ...scratchEnvironment(scratch),
          PROBE_FILE: FIXTURE,
          PROBE_OUT: out,
          PROBE_CLI: join(ROOT, 'server/dist/cli.js'),
          PROBE_LINE: String(line),
          PROBE_CHARACTER: String(lines[line]!.indexOf('shop')),
        },
        stdio: 'pipe',
        timeout: 50_000,
      },
    );
    console.log(`    nvim probe finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    probe = JSON.parse(readFileSync(out, 'utf8'));
  });

  it('talks to the server without errors', () => {
    assert.match(probe.nvim, /^0\.(7|8|9|1\d)\.|^\d+\./);
    assert.deepEqual(probe.errors, []);
  });

  it('receives the zero-loadfactor error', () => {
    const diagnostic = (probe.diagnostics ?? []).find((candidate) => candidate.code === 'zero-loadfactor');
    assert.ok(diagnostic, JSON.stringify(probe.diagnostics));
    assert.equal(diagnostic.severity, 1);
    assert.equal(diagnostic.source, 'balancer-lens');
    assert.equal(diagnostic.range.start.line, 14);
  });

  it('gets a hover on <Proxy balancer://shop> with the shares and the picks', () => {
    const contents = probe.hover?.contents;
    const text = typeof contents === 'string' ? contents : (contents?.value ?? '');
    assert.match(text, /70\.0%/);
    assert.match(text, /30\.0%/);
    assert.match(text, /a b a a a b a a b a/);
  });

  it('gets inlay hints and code lenses', () => {
    const labels = (probe.inlayHints ?? []).map((hint) =>
      typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join(''),
    );
    assert.ok(labels.includes('≈ 70.0%'), labels.join(' | '));
    const titles = (probe.codeLenses ?? []).map((lens) => lens.command?.title ?? '');
    assert.ok(
      titles.some((title) => title.includes('cycle 10')),
      titles.join(' | '),
    );
  });

  it('lets the server exit cleanly on shutdown', () => {
    assert.equal(probe.exitCode, 0);
  });
});

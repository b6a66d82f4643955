/**
 * Security posture: the CLI and the language server never start a process, never open a socket or
 * send a request, never load native code, and never write a file except what `lint --fix` rewrites
 * and their code cache, in the user's cache folder (here $XDG_CACHE_HOME, a folder of the test's).
 * Each bundle runs under test/guard.cjs, which makes every such call throw and records it; a run
 * must record nothing. A first test proves the guard catches each kind of call.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, InitializeRequest, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { startSession } from '../../support/lsp-session';

const ROOT = join(__dirname, '../../..');
const GUARD = join(ROOT, 'test/guard.cjs');
const CLI = join(ROOT, 'server/dist/cli.js');

/** Every file under `directory` with its content, to see what a run changed. */
function snapshot(directory: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (path: string): void => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry);
      if (statSync(full).isDirectory()) visit(full);
      else files.set(full.slice(directory.length + 1), readFileSync(full, 'latin1'));
    }
  };
  visit(directory);
  return files;
}

describe('security: no processes, sockets or writes beyond --fix', function () {
  this.timeout(120_000);
  let directory: string;
  let log: string;
  let cacheHome: string;

  /** This process's environment with the guard's log, and the code cache in `cacheHome`, the one folder the guard lets it write in. */
  function guardEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BALANCER_LENS_GUARD_LOG: log,
      XDG_CACHE_HOME: cacheHome,
      BALANCER_LENS_GUARD_ALLOW_FOLDER: cacheHome,
    };
    delete env.BALANCER_LENS_CODE_CACHE;
    return env;
  }

  /** Runs the CLI under the guard in `cwd`; `allow` lists the files it may write. */
  function guarded(args: readonly string[], options: { cwd?: string; allow?: readonly string[]; input?: string } = {}) {
    const result = spawnSync(process.execPath, ['--require', GUARD, CLI, ...args], {
      cwd: options.cwd ?? directory,
      input: options.input,
      encoding: 'utf8',
      env: {
        ...guardEnv(),
        NO_COLOR: '1',
        BALANCER_LENS_GUARD_ALLOW_WRITE: (options.allow ?? []).join(delimiter),
      },
    });
    return result;
  }

  /** What the guard recorded since the last call. */
  function recorded(): string[] {
    if (!existsSync(log)) return [];
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    rmSync(log);
    return lines;
  }

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'balancer-lens-security-'));
    cacheHome = mkdtempSync(join(tmpdir(), 'balancer-lens-cache-'));
    log = join(tmpdir(), `balancer-lens-guard-${process.pid}-${Date.now()}.log`);
    cpSync(join(ROOT, 'test/fixtures/lint'), join(directory, 'conf'), { recursive: true });
    cpSync(join(ROOT, 'examples/shop.conf'), join(directory, 'shop.conf'));
    mkdirSync(join(directory, 'conf.d'));
    writeFileSync(join(directory, 'conf.d/api.conf'), 'BalancerMember balancer://api http://10.0.1.1:9000\n');
    writeFileSync(
      join(directory, 'main.conf'),
      'Include conf.d/*.conf\nProxyPass "/api/" "balancer://api"\n<Location /balancer-manager>\n    SetHandler balancer-manager\n</Location>\n',
    );
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
    rmSync(cacheHome, { recursive: true, force: true });
    rmSync(log, { force: true });
  });

  it('the guard itself catches processes, sockets, requests, native code and writes', () => {
    const attempts = [
      "require('child_process').spawnSync('true')",
      "require('child_process').exec('true')",
      "require('net').connect(9, '127.0.0.1')",
      "new (require('net').Socket)().connect(9, '127.0.0.1')",
      "require('net').createServer().listen(0)",
      "require('dgram').createSocket('udp4')",
      "require('http').get('http://127.0.0.1:9/')",
      "require('https').request('https://127.0.0.1:9/')",
      "fetch('http://127.0.0.1:9/')",
      "process.binding('spawn_sync')",
      "process.dlopen({}, '/nonexistent.node')",
      `require('fs').writeFileSync(${JSON.stringify(join(directory, 'x'))}, 'x')`,
      `require('fs').openSync(${JSON.stringify(join(directory, 'shop.conf'))}, 'a')`,
      `require('fs').unlinkSync(${JSON.stringify(join(directory, 'shop.conf'))})`,
      `require('fs').promises.writeFile(${JSON.stringify(join(directory, 'x'))}, 'x')`,
    ];
    for (const attempt of attempts) {
      spawnSync(process.execPath, ['--require', GUARD, '-e', `try { ${attempt} } catch {}`], {
        env: { ...process.env, BALANCER_LENS_GUARD_LOG: log },
      });
      assert.equal(recorded().length, 1, `the guard missed: ${attempt}`);
    }
    assert.ok(existsSync(join(directory, 'shop.conf')) && !existsSync(join(directory, 'x')), 'nothing was written or deleted');
    // Reading and writing to stdout stay allowed.
    const read = `require('fs').readFileSync(${JSON.stringify(join(directory, 'shop.conf'))}); require('fs').openSync(${JSON.stringify(join(directory, 'shop.conf'))}, 'r'); console.log('ok')`;
    const allowed = spawnSync(process.execPath, ['--require', GUARD, '-e', read], {
      encoding: 'utf8',
      env: { ...process.env, BALANCER_LENS_GUARD_LOG: log },
    });
    assert.equal(allowed.stdout.trim(), 'ok', allowed.stderr);
    assert.deepEqual(recorded(), []);
  });

  it('lint (every format, directories, globs, stdin, includes) and schedule do nothing forbidden', () => {
    const before = snapshot(directory);
    const runs: string[][] = [
      ['lint', '.'],
      ...['stylish', 'json', 'sarif', 'github', 'compact'].map((format) => ['lint', 'conf', '--format', format]),
      ['lint', 'conf/*.conf', 'main.conf', '--max-warnings', '0'],
      ['lint', '-', '--stdin-filename', 'piped.conf'],
      ['lint', 'main.conf', '--format', 'sarif'],
      ['lint', 'missing.conf'],
      ['lint', '--help'],
      ['schedule', 'shop.conf'],
      ['schedule', 'shop.conf', '--format', 'json', '--picks', '50', '--down', 'http://10.0.0.1:8080'],
      ['schedule', 'main.conf'],
      ['--version'],
      ['--help'],
    ];
    for (const args of runs) {
      const result = guarded(args, { input: '<Proxy balancer://p>\nBalancerMember http://a loadfactor=0\n</Proxy>\n' });
      assert.ok(result.status !== null && result.status <= 2, `${args.join(' ')}: exit ${result.status}\n${result.stderr}`);
      assert.doesNotMatch(result.stderr, /guard:|internal error/, args.join(' '));
      assert.deepEqual(recorded(), [], `balancer-lens ${args.join(' ')} did something forbidden`);
    }
    assert.deepEqual(snapshot(directory), before, 'lint and schedule wrote nothing');
    assert.deepEqual(
      readdirSync(join(cacheHome, 'balancer-lens'))
        .map((name) => name.replace(/[0-9a-f]{16}/, 'KEY'))
        .sort(),
      ['cli-KEY.cache', 'cli-lint-KEY.cache', 'cli-schedule-KEY.cache'],
      'the code cache is written in the cache folder, one file per command',
    );
  });

  it('lint --fix writes only the files it fixes', () => {
    const target = join(directory, 'conf/quoted.conf');
    const before = snapshot(directory);
    // quoted.conf has a quoted loadfactor, main.conf a ProxyPass without the balancer URL's trailing slash.
    const result = guarded(['lint', '--fix', 'conf', 'shop.conf', 'main.conf'], { allow: [target, join(directory, 'main.conf')] });
    assert.deepEqual(recorded(), [], result.stderr);
    const after = snapshot(directory);
    const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
    assert.deepEqual(changed.sort(), ['conf/quoted.conf', 'main.conf'], 'only the fixed files changed, and no file was created');
    assert.equal(after.size, before.size);
    // And the guard is really watching: without permission, the same fix is refused and recorded.
    writeFileSync(target, before.get('conf/quoted.conf')!, 'latin1');
    const refused = guarded(['lint', '--fix', 'conf/quoted.conf']);
    assert.notEqual(refused.status, 0);
    assert.equal(recorded().length, 1);
  });

  it('the language server does nothing forbidden over a whole session', async () => {
    const root = pathToFileURL(directory).toString();
    const session = await startSession({
      root,
      folders: true,
      pullSettings: true,
      configuration: () => [{ rules: { 'standby-only': 'error' }, preview: { picks: 30 } }],
      execArgv: ['--require', GUARD],
      env: guardEnv(),
    });
    const { connection } = session;
    try {
      for (const name of ['shop.conf', 'main.conf', 'conf.d/api.conf', 'conf/error.conf']) {
        const uri = pathToFileURL(join(directory, name)).toString();
        const text = readFileSync(join(directory, name), 'utf8');
        session.open(uri, text);
        await session.diagnostics(uri, 1);
        const textDocument = { uri };
        const position = { line: 2, character: 20 };
        const range = { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } };
        await Promise.all([
          connection.sendRequest('textDocument/hover', { textDocument, position }),
          connection.sendRequest('textDocument/completion', { textDocument, position }),
          connection.sendRequest('textDocument/documentSymbol', { textDocument }),
          connection.sendRequest('textDocument/foldingRange', { textDocument }),
          connection.sendRequest('textDocument/inlayHint', { textDocument, range }),
          connection.sendRequest('textDocument/codeLens', { textDocument }),
          connection.sendRequest('textDocument/codeAction', { textDocument, range, context: { diagnostics: [] } }),
          connection.sendRequest('textDocument/definition', { textDocument, position }),
          connection.sendRequest('textDocument/references', { textDocument, position, context: { includeDeclaration: true } }),
          connection.sendRequest('textDocument/prepareRename', { textDocument, position }).catch(() => null),
          connection.sendRequest('textDocument/rename', { textDocument, position, newName: 'store' }).catch(() => null),
          connection.sendRequest('textDocument/documentLink', { textDocument }),
          connection.sendRequest('balancerLens/schedule', { uri, balancer: 'balancer://shop' }),
          // Compare with HEAD: the client sends HEAD's text; the server runs no git and writes no revision anywhere.
          connection.sendRequest('balancerLens/diff', { uri, before: '', label: 'HEAD' }),
        ]);
        connection.sendNotification('textDocument/didChange', {
          textDocument: { uri, version: 2 },
          contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }],
        });
        connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      }
      connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(join(directory, 'shop.conf')).toString(), type: 2 }],
      });
      await connection.sendRequest('textDocument/hover', {
        textDocument: { uri: pathToFileURL(join(directory, 'shop.conf')).toString() },
        position: { line: 3, character: 10 },
      });
      await connection.sendRequest('shutdown');
      connection.sendNotification('exit');
      await session.exited;
    } finally {
      session.stop();
    }
    assert.ok(session.published.length > 0, 'the session really ran');
    assert.deepEqual(recorded(), [], session.stderr.join(''));
    assert.doesNotMatch(session.stderr.join(''), /guard:/);
  });

  it('`balancer-lens lsp --stdio` (the CLI starting the server) does nothing forbidden either', async () => {
    const child = spawn(process.execPath, ['--require', GUARD, CLI, 'lsp', '--stdio'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: guardEnv(),
    });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.listen();
    try {
      await connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
        workspaceFolders: null,
      });
      connection.sendNotification('initialized', {});
      const uri = 'file:///tmp/balancer-lens-security/shop.conf';
      connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'apacheconf', version: 1, text: readFileSync(join(directory, 'shop.conf'), 'utf8') },
      });
      const shown = (await connection.sendRequest('textDocument/hover', {
        textDocument: { uri },
        position: { line: 2, character: 10 },
      })) as { contents: { value: string } } | null;
      assert.ok(shown);
      await connection.sendRequest('shutdown');
    } finally {
      connection.dispose();
      child.kill();
    }
    assert.deepEqual(recorded(), []);
  });
});

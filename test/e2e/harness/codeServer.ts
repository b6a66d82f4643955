/**
 * One code-server (real VS Code 1.100.3 workbench and extension host) per test run, installed by
 * scripts/install-code-server.sh. It runs in its own process group with HOME, XDG_* and TMPDIR in
 * a scratch folder, on 127.0.0.1 and a free port; `stop` kills the whole group (its extension hosts
 * included), and so does process exit if a test run dies first.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../../..');
export const CODE_SERVER = join(ROOT, '.tmp/code-server/node_modules/code-server/out/node/entry.js');
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
export const VSIX = join(ROOT, `${MANIFEST.name}-${MANIFEST.version}.vsix`);
export const EXTENSION_ID = 'balancer-lens.balancer-lens';

/** A running code-server and the folders it uses. */
export interface CodeServer {
  readonly url: string;
  readonly port: number;
  /** Scratch root: home, user data, extensions, workspace, logs. */
  readonly scratch: string;
  readonly workspace: string;
  readonly extensionsDir: string;
  /** The installed .vsix, unpacked by code-server. */
  readonly installedExtension: string;
  readonly log: string;
  /** A `vscode-remote://` URI for a path on this machine, as the workbench's payload wants it. */
  remoteUri(path: string): string;
}

let running: { server: CodeServer; child: ChildProcess } | undefined;
let starting: Promise<CodeServer> | undefined;

/** Starts code-server once per test run; later calls get the same one. */
export function codeServer(): Promise<CodeServer> {
  starting ??= start();
  return starting;
}

/** Stops the code-server process group, if one was started; waits until the group is gone. */
export async function stopCodeServer(): Promise<void> {
  const current = running;
  running = undefined;
  starting = undefined;
  if (!current?.child.pid) return;
  const group = -current.child.pid;
  killGroup(group, 'SIGTERM');
  if (!(await waitFor(() => !groupAlive(group), 10_000))) killGroup(group, 'SIGKILL');
  await waitFor(() => !groupAlive(group), 5_000);
}

/** The environment of every process the tests start: nothing of the real home is touched. */
export function scratchEnvironment(scratch: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: join(scratch, 'home'),
    XDG_CONFIG_HOME: join(scratch, 'home/.config'),
    XDG_DATA_HOME: join(scratch, 'home/.local/share'),
    XDG_CACHE_HOME: join(scratch, 'home/.cache'),
    XDG_RUNTIME_DIR: join(scratch, 'runtime'),
    TMPDIR: join(scratch, 'tmp'),
  };
  for (const key of ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_RUNTIME_DIR', 'TMPDIR'] as const)
    mkdirSync(env[key]!, { recursive: true, mode: 0o700 });
  // Variables that would leak a developer's own VS Code session into the test instance.
  for (const key of Object.keys(env)) if (/^(VSCODE_|ELECTRON_RUN_AS_NODE$)/.test(key)) delete env[key];
  return env;
}

/** A scratch folder under .tmp/e2e, emptied first. */
export function freshScratch(name: string): string {
  const dir = join(ROOT, '.tmp/e2e', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function start(): Promise<CodeServer> {
  if (!existsSync(CODE_SERVER))
    throw new Error(`code-server is not installed: run scripts/install-code-server.sh (looked for ${CODE_SERVER})`);
  if (!existsSync(VSIX)) throw new Error(`${VSIX} is missing: run npm run package`);
  const started = Date.now();
  const scratch = freshScratch('code-server');
  const env = scratchEnvironment(scratch);
  const userData = join(scratch, 'user-data');
  const extensionsDir = join(scratch, 'extensions');
  const workspace = join(scratch, 'workspace');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(join(userData, 'User/settings.json'), `${JSON.stringify(USER_SETTINGS, null, 2)}\n`);
  writeWorkspace(workspace);

  // Installs the packaged extension the way a user would (about 2 s).
  execFileSync(
    process.execPath,
    [CODE_SERVER, '--user-data-dir', userData, '--extensions-dir', extensionsDir, '--install-extension', VSIX],
    { env, stdio: 'pipe', timeout: 60_000 },
  );
  const installed = readdirSync(extensionsDir).find((entry) => entry.startsWith(`${EXTENSION_ID}-`));
  if (!installed) throw new Error(`code-server --install-extension left no ${EXTENSION_ID}-* in ${extensionsDir}`);

  const installedAt = Date.now();
  const port = await freePort();
  const log = join(scratch, 'code-server.log');
  const out = createWriteStream(log);
  const child = spawn(
    process.execPath,
    [
      CODE_SERVER,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      workspace,
    ],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const server: CodeServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    scratch,
    workspace,
    extensionsDir,
    installedExtension: join(extensionsDir, installed),
    log,
    remoteUri: (path) => `vscode-remote://127.0.0.1:${port}${path}`,
  };
  running = { server, child };
  let exited = false;
  child.once('exit', () => (exited = true));
  const healthy = await waitFor(async () => exited || (await isHealthy(server.url)), 60_000, 200);
  if (exited || !healthy) {
    await stopCodeServer();
    throw new Error(`code-server did not become healthy on ${server.url}; see ${log}`);
  }
  console.log(
    `    code-server on ${server.url}: .vsix installed in ${((installedAt - started) / 1000).toFixed(1)} s, healthy ${((Date.now() - installedAt) / 1000).toFixed(1)} s later`,
  );
  return server;
}

/** User settings that keep the editor clear and quick, and the screenshots readable. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  // E2E_COLOR_THEME='Default Light Modern' checks the panel and the screenshots in a light theme.
  'workbench.colorTheme': process.env.E2E_COLOR_THEME ?? 'Default Dark Modern',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.commandCenter.enabled': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'editor.hover.delay': 100,
  'editor.minimap.enabled': false,
  'editor.fontSize': 14,
  'window.commandCenter': false,
  // The scratch workspace lives inside this repository: keep Git quiet about it.
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

/** The workspace: the fixture where Debian keeps site configuration, so the filename patterns pick the language. */
export const FIXTURE_IN_WORKSPACE = 'apache2/sites-available/shop.conf';

/** A `.conf` outside the folders the language claims by name: VS Code opens it as Properties. */
export const CONF_ELSEWHERE = 'examples/shop.conf';
/** An empty site file the UI test types a balancer into. */
export const TYPED_IN_WORKSPACE = 'apache2/sites-available/typed.conf';

/** Copies the fixture into `workspace` at FIXTURE_IN_WORKSPACE, the repository's examples/shop.conf at CONF_ELSEWHERE, and an empty TYPED_IN_WORKSPACE. */
export function writeWorkspace(workspace: string): void {
  const files: [string, string | Buffer][] = [
    [FIXTURE_IN_WORKSPACE, readFileSync(join(ROOT, 'test/e2e/fixtures/shop.conf'))],
    [CONF_ELSEWHERE, readFileSync(join(ROOT, 'examples/shop.conf'))],
    [TYPED_IN_WORKSPACE, ''],
  ];
  for (const [path, content] of files) {
    const target = join(workspace, path);
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, content);
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function killGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal);
  } catch {
    // Already gone.
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` until it holds or `timeoutMs` passes; true when it held. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

// A crashed or interrupted run still takes its code-server down with it.
process.once('exit', () => {
  if (running?.child.pid) killGroup(-running.child.pid, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (running?.child.pid) killGroup(-running.child.pid, 'SIGKILL');
    process.exit(130);
  });
}

// Real Apache httpd for schedule and config tests: tiny loopback backends, a private Apache
// instance per scenario (fresh start, so every lbstatus is 0), a sequential request loop, and
// `apache2 -t` runs.
import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { analyze } from '../../server/src/core/analysis';
import { lint } from '../../server/src/core/lint';
import { LineIndex } from '../../server/src/core/positions';
import type { Diagnostic } from '../../server/src/core/rules/types';
import { diskAccess } from '../../server/src/node/files';

const APACHE_BINARY = '/usr/sbin/apache2';
/** Where Debian keeps the files `LoadModule` names. */
const MODULE_DIR = '/usr/lib/apache2/modules';
const HOST = '127.0.0.1';
/** Every request asks for this path, so a backend can tell which member path prefix Apache added. */
const PROBE_PATH = '/probe';
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 10_000;
const CONFIG_TEST_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const POLL_INTERVAL_MS = 25;

/** unixd is compiled into Debian's binary; the three lbmethods cover every scenario's lbmethod. */
const MODULES: readonly (readonly [id: string, file: string])[] = [
  ['mpm_prefork_module', 'mod_mpm_prefork.so'],
  ['authz_core_module', 'mod_authz_core.so'],
  ['slotmem_shm_module', 'mod_slotmem_shm.so'],
  ['proxy_module', 'mod_proxy.so'],
  ['proxy_http_module', 'mod_proxy_http.so'],
  ['proxy_balancer_module', 'mod_proxy_balancer.so'],
  ['lbmethod_byrequests_module', 'mod_lbmethod_byrequests.so'],
  ['lbmethod_bybusyness_module', 'mod_lbmethod_bybusyness.so'],
  ['lbmethod_bytraffic_module', 'mod_lbmethod_bytraffic.so'],
];

/**
 * What answered one request: the backend's name followed by the member URL's path, e.g. `a` or
 * `a/app`; null when Apache answered 503 (no usable member).
 */
export type Pick = string | null;

/** A loopback HTTP server that answers every request with `<name> <request path>`. */
export interface Backend {
  readonly name: string;
  readonly port: number;
}

/** A set of running backends; `close` stops all of them. */
export interface BackendPool {
  readonly backends: readonly Backend[];
  close(): Promise<void>;
}

/** A private Apache instance serving `balancer://t` on `port`. */
export interface ApacheServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** Fails (never skips) when the Apache binary is missing: this suite exists to run it. */
export function assertApacheInstalled(): void {
  if (!existsSync(APACHE_BINARY)) throw new Error('apache2 not installed: apt-get install apache2');
}

/**
 * Registers, in the calling `describe`, a `before` that checks Apache is installed and starts the
 * backends `names` (startBackends) for all its tests, and an `after` that stops them. Returns the pool.
 */
export function backendsForSuite(names: readonly string[]): () => BackendPool {
  let pool: BackendPool | undefined;
  before(async () => {
    assertApacheInstalled();
    pool = await startBackends(names);
  });
  after(async () => pool?.close());
  return () => {
    if (!pool) throw new Error('backends are not running');
    return pool;
  };
}

/** Starts one backend per name, each on a free loopback port, answering `<name> <path>`. */
export function startBackends(names: readonly string[]): Promise<BackendPool> {
  return startPool(names, (name) => (request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close' });
    response.end(`${name} ${request.url ?? ''}`);
  });
}

/** One HTTP server per name, each on a free loopback port, answering as `handlerOf(name)` says; all closed if one cannot start. */
async function startPool(names: readonly string[], handlerOf: (name: string) => http.RequestListener): Promise<BackendPool> {
  const servers: http.Server[] = [];
  const backends: Backend[] = [];
  const close = (): Promise<void> =>
    Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined);
  try {
    for (const name of names) {
      const server = http.createServer(handlerOf(name));
      servers.push(server);
      backends.push({ name, port: await listen(server) });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { backends, close };
}

/** A request's headers by lower-case name, repeated ones joined with `, `. */
function flatHeaders(request: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) headers[key] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return headers;
}

/**
 * A backend answering `<name> <path>` on port 80, for members written without a port (`http://HOST`):
 * on a random loopback address from 127.0.0.2 on, clear of anything on 127.0.0.1:80, another tried
 * when one is taken.
 */
export async function startDefaultPortBackend(name: string): Promise<{ readonly host: string; close(): Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    const host = `127.0.0.${2 + Math.floor(Math.random() * 250)}`;
    const server = http.createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'close' });
      response.end(`${name} ${request.url ?? ''}`);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(80, host, () => resolve());
      });
      return { host, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    } catch (error) {
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/** Replaces each `{name}` placeholder (not `${NAME}`) with the `127.0.0.1:PORT` of that backend. */
export function fillPlaceholders(config: string, backends: readonly Backend[]): string {
  return config.replace(/(?<!\$)\{([a-z])\}/g, (placeholder: string, name: string) => {
    const backend = backends.find((candidate) => candidate.name === name);
    if (backend === undefined) throw new Error(`no backend named ${placeholder}`);
    return `${HOST}:${backend.port}`;
  });
}

/** The pick a member URL stands for: its backend's name plus the URL path without trailing slashes. */
export function pickOfUrl(url: string, backends: readonly Backend[]): Pick {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`member URL ${JSON.stringify(url)} is not an absolute URL`);
  }
  const backend = backends.find((candidate) => String(candidate.port) === parsed.port);
  if (parsed.hostname !== HOST || backend === undefined) {
    throw new Error(`member URL ${JSON.stringify(url)} is not one of the test backends`);
  }
  return backend.name + parsed.pathname.replace(/\/+$/, '');
}

/** Creates an empty scratch folder that Apache's unprivileged children can read. */
export async function makeScratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'balancer-lens-apache-'));
  await chmod(dir, 0o755);
  return dir;
}

/** Removes a folder made by `makeScratchDir`. */
export async function removeScratchDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A self-signed certificate for `name` (a host name, or an IP address) made with openssl in `dir`: the key's and the certificate's files. */
export function selfSignedCertificate(dir: string, name: string): { key: string; cert: string } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const altName = net.isIP(name) ? `IP:${name}` : `DNS:${name}`;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${altName}`,
    ],
    { stdio: 'ignore' },
  );
  return { key, cert };
}

/** What a test makes that must not outlive it; `cleanAfterEach` releases it after the test, last made first. */
export interface PerTest {
  /** A new scratch folder, removed after the test. */
  scratch(): Promise<string>;
  /** `server`, stopped after the test (stopping an instance the test stopped already is harmless). */
  stopAfter<T extends ApacheServer>(server: T): T;
  /** `backend`, closed after the test. */
  closeAfter<T extends { close(): Promise<void> }>(backend: T): T;
}

/**
 * Registers, in the calling `describe`, one `afterEach` that stops the Apache instances, closes the
 * backends and removes the scratch folders each test made, even when it failed half-way: the
 * suites' cleanup in one place.
 */
export function cleanAfterEach(): PerTest {
  const releases: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const release of releases.splice(0).reverse()) await release();
  });
  return {
    async scratch() {
      const dir = await makeScratchDir();
      releases.push(() => removeScratchDir(dir));
      return dir;
    },
    stopAfter(server) {
      releases.push(() => server.stop());
      return server;
    },
    closeAfter(backend) {
      releases.push(() => backend.close());
      return backend;
    },
  };
}

/**
 * The lines every private instance starts with: its own ServerRoot, loopback port, pid file, error
 * log and runtime folder under `dir` (the caller creates `dir/run`), and an unprivileged user when
 * running as root.
 */
export function serverLines(dir: string, port: number): string[] {
  const runDir = join(dir, 'run');
  const isRoot = process.getuid?.() === 0;
  return [
    `ServerRoot "${dir}"`,
    `ServerName ${HOST}`,
    `Listen ${HOST}:${port}`,
    `PidFile "${join(runDir, 'httpd.pid')}"`,
    `ErrorLog "${join(dir, 'error.log')}"`,
    'LogLevel warn',
    `DefaultRuntimeDir "${runDir}"`,
    `Mutex file:${runDir} default`,
    ...(isRoot ? ['User www-data', 'Group www-data'] : []),
  ];
}

/** `LoadModule ID /usr/lib/apache2/modules/FILE`. */
export function loadModuleLine(id: string, file: string): string {
  return `LoadModule ${id} ${join(MODULE_DIR, file)}`;
}

/** The LoadModule lines of Debian's modules by stem (`proxy` → `LoadModule proxy_module …/mod_proxy.so`). */
export function moduleLines(stems: readonly string[]): string[] {
  return stems.map((stem) => loadModuleLine(`${stem}_module`, `mod_${stem}.so`));
}

/** Configurations checked by `apache2 -t` together: their files, their texts and Apache's results, in order. */
export interface ConfigTestBatch {
  /** The scratch folder (with its `run/`) the files are in. */
  readonly dir: string;
  readonly files: readonly string[];
  readonly texts: readonly string[];
  readonly results: readonly ConfigTestResult[];
}

/**
 * Registers, in the calling `describe`, a `before` that writes each text `make` gives (it receives
 * the scratch folder and a free loopback port for `serverLines`) to `NAME-001.conf`, … and runs
 * `apache2 -t` on each, two at a time, and an `after` that removes the folder. Returns the batch
 * for the tests to read once it ran.
 */
export function configTestBatch(
  name: string,
  make: (dir: string, port: number) => Promise<readonly string[]> | readonly string[],
): () => ConfigTestBatch {
  let dir: string | undefined;
  let batch: ConfigTestBatch | undefined;
  before(async function () {
    assertApacheInstalled();
    dir = await makeScratchDir();
    await mkdir(join(dir, 'run'));
    const texts = await make(dir, await freePort());
    const files = texts.map((_, index) => join(dir!, `${name}-${String(index + 1).padStart(3, '0')}.conf`));
    for (const [index, file] of files.entries()) await writeFile(file, texts[index]!);
    batch = { dir, files, texts, results: await mapConcurrently(files, 2, (file) => runConfigTest(file)) };
  });
  after(async () => {
    if (dir !== undefined) await removeScratchDir(dir);
  });
  return () => {
    if (!batch) throw new Error('the config tests did not run');
    return batch;
  };
}

/**
 * The errors the linter finds in `text`, read from `file` as `apache2 -t` read it (the disk, the
 * process environment as Apache's whole environment), each with its 1-based line, and a report of
 * both sides for a failing assertion: Apache's exit status and `output` (its words as the test
 * reads them), then ours by line.
 */
export function lintedAsApache(
  text: string,
  file: string,
  result: ConfigTestResult,
  output: string,
): { errors: (Diagnostic & { readonly line: number })[]; report: string } {
  const analysis = analyze(text, {
    path: file,
    files: diskAccess(),
    epochSeconds: 1_800_000_000,
    environment: process.env,
    environmentIsComplete: true,
  });
  const index = new LineIndex(text);
  const errors = lint(analysis)
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => ({ ...diagnostic, line: index.position(diagnostic.span.start).line + 1 }));
  const ours = errors.map((e) => `  line ${e.line} [${e.ruleId}] ${e.message} | ${e.apacheMessage ?? ''}`);
  return { errors, report: `Apache (exit ${result.status}):\n${output}\nours:\n${ours.join('\n')}` };
}

/**
 * Starts Apache in the foreground in its own process group, with a wrapper config in `dir` that
 * loads the modules (and `extraModules`, as [identifier, file]) and then includes `fragment`;
 * routes `/` to `balancer://t/` unless the fragment has its own ProxyPass. Resolves once Apache
 * has started (see launchApache).
 */
export async function startApache(
  dir: string,
  fragment: string,
  extraModules: readonly (readonly [id: string, file: string])[] = [],
): Promise<ApacheServer> {
  const port = await freePort();
  await mkdir(join(dir, 'run'));
  const hasOwnProxyPass = /^\s*ProxyPass\s/im.test(await readFile(fragment, 'utf8'));
  const config = [
    ...baseConfigLines(dir, port, extraModules),
    `Include "${fragment}"`,
    ...(hasOwnProxyPass ? [] : ['ProxyPass "/" "balancer://t/"']),
    '',
  ].join('\n');
  const configFile = join(dir, 'httpd.conf');
  await writeFile(configFile, config);
  const outcome = await launchApache(dir, configFile, port);
  if (!outcome.started) throw new Error(`Apache did not start on port ${port}:\n${outcome.log}`);
  return outcome.server;
}

/**
 * What every configuration here starts with: the private server lines, MODULES and `extraModules`,
 * and one child serving one connection at a time (requests are strictly sequential anyway).
 */
export function baseConfigLines(dir: string, port: number, extraModules: readonly (readonly [id: string, file: string])[] = []): string[] {
  return [
    ...serverLines(dir, port),
    ...[...MODULES, ...extraModules].map(([id, file]) => loadModuleLine(id, file)),
    'StartServers 1',
    'MinSpareServers 1',
    'MaxSpareServers 1',
    'ServerLimit 1',
    'MaxRequestWorkers 1',
  ];
}

/** Whether Apache came up on its port, and if not, what it printed and logged. */
export type StartOutcome = { readonly started: true; readonly server: ApacheServer } | { readonly started: false; readonly log: string };

/**
 * Starts `apache2 -f configFile -DFOREGROUND` (a config built on `serverLines(dir, port)`) in its
 * own process group and waits, bounded, until it has started or exited. Started means the MPM wrote
 * its pid file, which happens after every post-config hook passed (the port alone opens earlier,
 * before start-up checks such as AH01186 or AH02432 fail), and the port accepts connections.
 * A failed start leaves no process behind.
 */
export async function launchApache(dir: string, configFile: string, port: number): Promise<StartOutcome> {
  const pidFile = join(dir, 'run', 'httpd.pid');
  const errorLog = join(dir, 'error.log');
  const child = spawn(APACHE_BINARY, ['-f', configFile, '-DFOREGROUND'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  await spawned;
  const server: ApacheServer = { port, stop: () => stopProcessGroup(child, exited) };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(pidFile) || !(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await server.stop();
      const log = await readFile(errorLog, 'utf8').catch(() => '');
      return { started: false, log: stderr + log };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  return { started: true, server };
}

/** What `apache2 -t` said about a config file: its exit status and everything it printed. */
export interface ConfigTestResult {
  readonly status: number;
  readonly output: string;
}

/** How `runConfigTest` starts Apache beyond the config file. */
export interface ConfigTestOptions {
  /** `-d DIR`: the ServerRoot until the configuration sets one (Debian's default is /etc/apache2). */
  readonly serverRoot?: string;
  /** The whole environment of the apache2 process (default: the test's own). */
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs `apache2 [-d DIR] -f configFile -t` (bounded by a timeout; a killed run counts as a refusal). */
export function runConfigTest(configFile: string, options: ConfigTestOptions = {}): Promise<ConfigTestResult> {
  const args = [...(options.serverRoot === undefined ? [] : ['-d', options.serverRoot]), '-f', configFile, '-t'];
  return new Promise((resolve) => {
    execFile(APACHE_BINARY, args, { timeout: CONFIG_TEST_TIMEOUT_MS, env: options.env ?? process.env }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ status, output: stderr + stdout });
    });
  });
}

/** Where Apache says a configuration is refused: the innermost file and line it names, and its message. */
export interface SyntaxErrorLocation {
  readonly file: string;
  readonly line: number;
  /** Apache's message after the location; empty when its output was cut short (a deep include cycle). */
  readonly message: string;
}

/**
 * Reads `apache2 -t`'s refusal in its nested forms. A read-phase error in an included file names
 * every file on the way, outermost first, on one line: `apache2: Syntax error on line N of OUTER:
 * Syntax error on line M of INNER: MSG`; a walk-phase error names only the file it is in, with the
 * message on the next line: `AH00526: Syntax error on line M of INNER:`. Apache cuts its output at
 * about 8 KB, so an include cycle ends mid-path: the last complete location counts.
 */
export function innermostSyntaxError(output: string): SyntaxErrorLocation | undefined {
  const locations = [...output.matchAll(/Syntax error on line (\d+) of (.+?):( |\n)/g)];
  const last = locations.at(-1);
  if (last === undefined || last.index === undefined) return undefined;
  const [whole, line = '', file = ''] = last;
  // The message follows on the same line (read phase) or is the next line (walk phase).
  const message = output.slice(last.index + whole.length).split('\n')[0] ?? '';
  const isCut = output.length >= APACHE_OUTPUT_CUT;
  return { file, line: Number(line), message: isCut ? '' : message.trim() };
}

/** Output this long was cut by Apache (its message buffer is 8 KB). */
const APACHE_OUTPUT_CUT = 8000;

/** Debian's configuration folder, as the apache2 package installs it. */
export const DEBIAN_CONF_DIR = '/etc/apache2';

/**
 * Copies Debian's /etc/apache2 as installed into `dest`, symlinks kept as links (Debian's are
 * relative, `mods-enabled/x.load -> ../mods-available/x.load`); an absolute link into
 * /etc/apache2 is made relative, so the copy never reads the real tree.
 */
export async function copyDebianTree(dest: string): Promise<void> {
  await cp(DEBIAN_CONF_DIR, dest, { recursive: true, verbatimSymlinks: true });
  const relink = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await relink(path);
      if (!entry.isSymbolicLink()) continue;
      const target = await readlink(path);
      if (!target.startsWith(`${DEBIAN_CONF_DIR}/`)) continue;
      await unlink(path);
      await symlink(relative(dir, join(dest, target.slice(DEBIAN_CONF_DIR.length + 1))), path);
    }
  };
  await relink(dest);
}

/** Enables modules as `a2enmod` does: a relative link in mods-enabled/ to each of NAME.load and NAME.conf that exist. */
export async function enableModules(confDir: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const file of [`${name}.load`, `${name}.conf`]) {
      const available = join(confDir, 'mods-available', file);
      if (!existsSync(available)) {
        if (file.endsWith('.load')) throw new Error(`no ${available}: is ${name} a Debian module?`);
        continue;
      }
      const link = join(confDir, 'mods-enabled', file);
      if (!(await lstat(link).catch(() => undefined))) await symlink(join('..', 'mods-available', file), link);
    }
  }
}

/** The user and group a private instance runs as: www-data when the tests run as root, else the current user. */
export async function runAsUser(): Promise<{ user: string; group: string }> {
  if (process.getuid?.() === 0) return { user: 'www-data', group: 'www-data' };
  const group = await new Promise<string>((resolve, reject) =>
    execFile('id', ['-gn'], { timeout: CONFIG_TEST_TIMEOUT_MS }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))),
  );
  return { user: userInfo().username, group };
}

/** Sends `count` strictly sequential requests and records which backend answered each one. */
export async function requestPicks(port: number, count: number): Promise<Pick[]> {
  const picks: Pick[] = [];
  for (let i = 0; i < count; i++) picks.push(await requestPick(port));
  return picks;
}

/** One request to the instance on `port`, as the virtual host named `host` when given (a name-based vhost), read as a pick. */
export async function requestPick(port: number, host?: string): Promise<Pick> {
  const { status, body } = await httpGet(port, PROBE_PATH, host);
  if (status === 503) return null;
  const match = /^([a-z]) (\S*)$/.exec(body);
  if (status !== 200 || match === null) throw new Error(`unexpected answer ${status}: ${body.slice(0, 200)}`);
  const [, name = '', path = ''] = match;
  if (!path.endsWith(PROBE_PATH)) throw new Error(`backend ${name} saw unexpected path ${path}`);
  return name + path.slice(0, -PROBE_PATH.length).replace(/\/+$/, '');
}

/** One GET to the instance on `port`, on a fresh connection, with `Host: hostHeader` when given. */
export function httpGet(port: number, path: string, hostHeader?: string): Promise<{ status: number; body: string }> {
  const headers = hostHeader === undefined ? { Connection: 'close' } : { Connection: 'close', Host: hostHeader };
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path, agent: false, headers, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`request to port ${port} timed out`)));
    request.on('error', reject);
  });
}

/** SIGTERM to Apache's parent (it reaps its children); SIGKILL to the whole group if it hangs. */
async function stopProcessGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (await settlesWithin(exited, STOP_TIMEOUT_MS)) return;
  // The leader is still alive, so the group id is still ours.
  process.kill(-pid, 'SIGKILL');
  await exited;
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no TCP address'));
      else resolve(address.port);
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Maps with at most `limit` calls in flight. */
export async function mapConcurrently<T, R>(items: readonly T[], limit: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What an echo backend received: its name and the request line and headers Apache sent it. */
export interface Echo {
  readonly name: string;
  readonly method: string;
  readonly url: string;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Starts one echo backend per name, each on a free loopback port: it answers with its `Echo` as
 * JSON, and with the status, `Location` and `Set-Cookie` the request's `X-Echo-Status`,
 * `X-Echo-Location` and `X-Echo-Cookie` headers ask for (so a client decides the member's answer).
 */
export function startEchoBackends(names: readonly string[]): Promise<BackendPool> {
  return startPool(names, (name) => (request, response) => {
    const headers = flatHeaders(request);
    const echo: Echo = { name, method: request.method ?? '', url: request.url ?? '', headers };
    const status = Number(headers['x-echo-status'] ?? 200);
    const extra: Record<string, string> = {};
    if (headers['x-echo-location'] !== undefined) extra.Location = headers['x-echo-location'];
    if (headers['x-echo-cookie'] !== undefined) extra['Set-Cookie'] = headers['x-echo-cookie'];
    response.writeHead(status, { 'Content-Type': 'application/json', 'X-Echo': 'yes', Connection: 'close', ...extra });
    response.end(JSON.stringify(echo));
  });
}

/** What the client got back from one request. */
export interface ClientAnswer {
  readonly status: number;
  readonly location: string | undefined;
  readonly setCookie: string | undefined;
  /** What the member received, when a member answered. */
  readonly echo: Echo | undefined;
}

/** One request to the instance on `port` with a raw path (sent as written) and headers, on a fresh connection. */
export function sendRequest(port: number, method: string, path: string, headers: Readonly<Record<string, string>>): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: HOST, port, method, path, agent: false, headers: { Connection: 'close', ...headers }, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const cookie = response.headers['set-cookie'];
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            setCookie: cookie === undefined ? undefined : cookie.join(', '),
            echo: response.headers['x-echo'] === 'yes' ? (JSON.parse(body) as Echo) : undefined,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`request to port ${port} timed out`)));
    request.on('error', reject);
    request.end();
  });
}

/** What an echo backend answers instead of its default `200` with the request as JSON. */
export interface EchoReply {
  readonly status?: number;
  /** The Location header; `{host}` becomes the Host the member received, `{self}` its own `127.0.0.1:PORT`. */
  readonly location?: string;
  readonly setCookie?: string;
  /** The body instead of the request as JSON. */
  readonly body?: string;
  /** Answer only after this long (a slow application). */
  readonly delayMs?: number;
  /**
   * Other answers for some requests, by path (`/health`, the query left out) or method and path
   * (`HEAD /health`): a health check endpoint, a method the application refuses.
   */
  readonly routes?: Readonly<Record<string, EchoReply>>;
}

/** The answer `reply` gives to `method` on `url`: the route for the method and path, else for the path, else itself. */
export function replyFor(reply: EchoReply, method: string, url: string): EchoReply {
  const path = url.split('?')[0] ?? url;
  return reply.routes?.[`${method} ${path}`] ?? reply.routes?.[path] ?? reply;
}

/** One request as an echo backend received it. */
export interface EchoRequest {
  readonly member: string;
  /** `GET /path HTTP/1.1`, the path exactly as sent. */
  readonly requestLine: string;
  /** Header names in lower case; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
}

/** A loopback member that reports each request (request line and headers) as JSON and records it. */
export interface EchoBackend extends Backend {
  readonly received: EchoRequest[];
  close(): Promise<void>;
}

/**
 * Starts an echo backend named `name`: it answers as `defaultReply` says (default 200 with the request
 * as JSON; `replyFor` picks a route's answer), and an `Upgrade` request with `101 Switching Protocols`,
 * as a WebSocket application does; with `tls`, it speaks HTTPS with that key and certificate.
 */
export async function startEchoBackend(
  name: string,
  defaultReply: EchoReply = {},
  tls?: { key: string; cert: string },
): Promise<EchoBackend> {
  const received: EchoRequest[] = [];
  const record = (request: http.IncomingMessage): EchoRequest => {
    const headers = flatHeaders(request);
    const seen = { member: name, requestLine: `${request.method ?? ''} ${request.url ?? ''} HTTP/${request.httpVersion}`, headers };
    received.push(seen);
    return seen;
  };
  const handle = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    const seen = record(request);
    const self = `${HOST}:${(server.address() as net.AddressInfo).port}`;
    const reply = replyFor(defaultReply, request.method ?? '', request.url ?? '');
    const answer = (): void => {
      const body = reply.body ?? JSON.stringify(seen);
      const headers: http.OutgoingHttpHeaders = {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Connection: 'close',
      };
      if (reply.location !== undefined)
        headers.Location = reply.location.replaceAll('{host}', seen.headers.host ?? '').replaceAll('{self}', self);
      if (reply.setCookie !== undefined) headers['Set-Cookie'] = reply.setCookie;
      response.writeHead(reply.status ?? 200, headers).end(body);
    };
    if (reply.delayMs === undefined) answer();
    else setTimeout(answer, reply.delayMs);
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket) => {
    record(request);
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${request.headers.upgrade ?? ''}\r\nConnection: Upgrade\r\n\r\n`);
  });
  const port = await listen(server);
  // Close any connection Apache keeps open (a slow answer, a tunnel), so close() never waits on one.
  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { name, port, received, close };
}

/** One request a client sends: the path exactly as written (`//x`, `%2F` kept), and extra headers. */
export interface RawRequest {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What the client got back; header names in lower case, repeated headers joined with `, `. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends `request` on a fresh connection, byte for byte, and reads the answer (a `101` ends it at the head). */
export function sendRaw(port: number, request: RawRequest): Promise<RawResponse> {
  const lines = [`${request.method ?? 'GET'} ${request.path} HTTP/1.1`, `Host: ${HOST}:${port}`];
  const extra = request.headers ?? {};
  for (const [key, value] of Object.entries(extra)) lines.push(`${key}: ${value}`);
  if (!Object.keys(extra).some((key) => key.toLowerCase() === 'connection')) lines.push('Connection: close');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    let data = '';
    const finish = (): void => {
      const cut = data.indexOf('\r\n\r\n');
      const head = cut < 0 ? data : data.slice(0, cut);
      const [statusLine = '', ...fields] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const field of fields) {
        const colon = field.indexOf(':');
        const key = field.slice(0, colon).trim().toLowerCase();
        const value = field.slice(colon + 1).trim();
        headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
      }
      resolve({ status: Number(/^HTTP\/1\.\d (\d+)/.exec(statusLine)?.[1] ?? 0), headers, body: cut < 0 ? '' : data.slice(cut + 4) });
    };
    socket.setEncoding('utf8');
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error(`request for ${request.path} timed out`)));
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (/^HTTP\/1\.\d 101 /.test(data) && data.includes('\r\n\r\n')) {
        socket.destroy();
        finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

/**
 * What an admin does in the balancer-manager of the instance on `port`: the form's POST for one
 * member of `balancer://balancer`, with the balancer's nonce (read from the page) and a Referer
 * naming the server, which Apache requires before it reads any parameter. `fields` are the form's
 * (`w_status_N: '1'` drains, `w_status_D: '1'` disables, `w_lf: '3'` sets the loadfactor).
 */
export async function editInManager(
  port: number,
  path: string,
  balancer: string,
  worker: string,
  fields: Readonly<Record<string, string>>,
): Promise<void> {
  const { body } = await httpGet(port, path);
  const nonce = /nonce=([0-9a-f-]+)/.exec(body)?.[1];
  if (nonce === undefined) throw new Error(`no nonce on the balancer-manager page at ${path}`);
  const form = new URLSearchParams({ b: balancer, w: worker, nonce, ...fields }).toString();
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: HOST,
        port,
        path,
        method: 'POST',
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(form),
          Referer: `http://${HOST}:${port}${path}`,
          Connection: 'close',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`balancer-manager POST to port ${port} timed out`)));
    request.on('error', reject);
    request.end(form);
  });
  if (status !== 200) throw new Error(`the balancer-manager answered ${status} to ${form.replace(nonce, 'NONCE')}`);
}

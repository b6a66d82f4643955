/*
 * A guard for the security tests: `node --require test/guard.cjs server/dist/cli.js …` makes every
 * way to start a process, open a socket, send a request, load native code or write a file throw,
 * and records each attempt (one JSON line) in the file named by BALANCER_LENS_GUARD_LOG.
 *
 * Allowed: writes to stdout and stderr, writes to the paths listed (path.delimiter-separated)
 * in BALANCER_LENS_GUARD_ALLOW_WRITE — the --fix target — and to its temporary file beside it, and
 * writes in the folder BALANCER_LENS_GUARD_ALLOW_FOLDER names (the code cache's, in the user's cache
 * folder). Reading is always allowed.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const log = process.env.BALANCER_LENS_GUARD_LOG;
const allowed = new Set(
  (process.env.BALANCER_LENS_GUARD_ALLOW_WRITE || '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((entry) => path.resolve(entry)),
);
const allowedFolder = process.env.BALANCER_LENS_GUARD_ALLOW_FOLDER ? path.resolve(process.env.BALANCER_LENS_GUARD_ALLOW_FOLDER) : undefined;
// The originals, kept before anything is patched (fs.appendFileSync itself calls fs.writeFileSync).
const { openSync, writeSync, closeSync } = fs;
/** File descriptors opened for writing on an allowed path, plus stdout and stderr. */
const writableFds = new Set([1, 2]);

function record(what, detail) {
  const line = `${JSON.stringify({ what, detail: String(detail).slice(0, 300), pid: process.pid })}\n`;
  if (log) {
    const fd = openSync(log, 'a');
    writeSync(fd, line);
    closeSync(fd);
  } else process.stderr.write(`guard: ${line}`);
}

function forbid(object, name, label) {
  const original = object && object[name];
  if (typeof original !== 'function') return;
  object[name] = function guarded(...args) {
    record(label, args[0] && typeof args[0] === 'object' ? JSON.stringify(args[0]) : args[0]);
    throw new Error(`guard: ${label} is forbidden`);
  };
}

// Processes.
const childProcess = require('node:child_process');
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'])
  forbid(childProcess, name, `child_process.${name}`);
forbid(process, 'dlopen', 'process.dlopen');
forbid(process, 'binding', 'process.binding');
forbid(process, '_linkedBinding', 'process._linkedBinding');

// Sockets and requests.
const net = require('node:net');
for (const name of ['connect', 'createConnection', 'createServer']) forbid(net, name, `net.${name}`);
forbid(net.Socket.prototype, 'connect', 'net.Socket#connect');
forbid(net.Server.prototype, 'listen', 'net.Server#listen');
forbid(require('node:dgram'), 'createSocket', 'dgram.createSocket');
for (const module of ['http', 'https'])
  for (const name of ['request', 'get', 'createServer']) forbid(require(`node:${module}`), name, `${module}.${name}`);
forbid(require('node:http2'), 'connect', 'http2.connect');
forbid(require('node:tls'), 'connect', 'tls.connect');
forbid(globalThis, 'fetch', 'fetch');
forbid(globalThis, 'WebSocket', 'WebSocket');

// File writes: only the allowed paths (and stdout, stderr).
function isAllowedPath(target) {
  if (typeof target === 'number') return writableFds.has(target);
  if (target instanceof URL) target = target.pathname;
  if (Buffer.isBuffer(target)) target = target.toString();
  return (
    typeof target === 'string' &&
    (allowed.has(path.resolve(target)) || isTemporaryBeside(path.resolve(target)) || isInAllowedFolder(path.resolve(target)))
  );
}

function isInAllowedFolder(target) {
  return allowedFolder !== undefined && (target === allowedFolder || target.startsWith(`${allowedFolder}${path.sep}`));
}

/** --fix writes a new file beside its target, then renames it over (server/src/cli/replace-file.ts). */
function isTemporaryBeside(target) {
  const name = path.basename(target);
  return [...allowed].some(
    (file) =>
      path.dirname(file) === path.dirname(target) && name.startsWith(`.${path.basename(file)}.balancer-lens-`) && name.endsWith('.tmp'),
  );
}

function isReadOnly(flags) {
  if (flags === undefined || flags === null) return true;
  if (typeof flags === 'number')
    return (
      (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_APPEND)) === 0
    );
  return /^(r|rs|sr)$/.test(String(flags));
}

function guardWrite(object, name, prefix, { isOpen = false, pathless = [] } = {}) {
  const original = object && object[name];
  if (typeof original !== 'function') return;
  object[name] = function guardedWrite(...args) {
    const target = args[0];
    if (isOpen && isReadOnly(typeof args[1] === 'object' && args[1] !== null ? args[1].flags : args[1])) return original.apply(this, args);
    if (pathless.includes(name) || !isAllowedPath(target)) {
      record(`${prefix}.${name}`, target);
      throw new Error(`guard: ${prefix}.${name}(${String(target)}) is forbidden`);
    }
    const result = original.apply(this, args);
    if (isOpen && name === 'openSync' && typeof result === 'number') writableFds.add(result);
    return result;
  };
}

const WRITES = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'mkdir',
  'mkdirSync',
  'mkdtemp',
  'mkdtempSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'rename',
  'renameSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'symlink',
  'symlinkSync',
  'link',
  'linkSync',
  'truncate',
  'truncateSync',
  'ftruncate',
  'ftruncateSync',
  'chmod',
  'chmodSync',
  'chown',
  'chownSync',
  'lchown',
  'lchownSync',
  'utimes',
  'utimesSync',
  'lutimes',
  'lutimesSync',
  'write',
  'writeSync',
  'writev',
  'writevSync',
];
for (const name of WRITES) guardWrite(fs, name, 'fs');
guardWrite(fs, 'open', 'fs', { isOpen: true });
guardWrite(fs, 'openSync', 'fs', { isOpen: true });
for (const name of [
  'writeFile',
  'appendFile',
  'mkdir',
  'mkdtemp',
  'rm',
  'rmdir',
  'unlink',
  'rename',
  'copyFile',
  'cp',
  'symlink',
  'link',
  'truncate',
  'chmod',
  'chown',
  'lchown',
  'utimes',
  'lutimes',
]) {
  guardWrite(fs.promises, name, 'fs.promises');
}
guardWrite(fs.promises, 'open', 'fs.promises', { isOpen: true });

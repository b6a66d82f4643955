/**
 * Loading the bundle with a V8 code cache: the functions compiled in an earlier session are read
 * back instead of being parsed and compiled again (20–60 ms less CPU of the main thread from
 * start to first diagnostics on a 10k-line file). The editor gives a folder it owns (VS Code's
 * global storage); nothing is written beside the bundle. A cache that is missing, damaged, or made
 * by another bundle or Node.js/Electron is ignored and replaced when the server exits.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Module from 'node:module';
import { Script } from 'node:vm';

/** The environment variable naming the folder the cache is kept in. */
export const CODE_CACHE_ENV = 'BALANCER_LENS_CODE_CACHE';

const PREFIX = 'server-';
const SUFFIX = '.cache';
/** A cache file starts with the SHA-256 of the rest: V8 does not check its payload in release builds. */
const DIGEST_BYTES = 32;

/**
 * Evaluates the CommonJS file at `path` as `require` would, with the code cache in `folder`, and
 * returns its exports. When the cache was not used, the functions compiled by the time the process
 * exits are written for the next start.
 */
export function requireWithCodeCache(path: string, folder: string): unknown {
  const source = readFileSync(path, 'utf8').replace(/^#!/, '//');
  // The bundle, the runtime and the platform name the file: V8 itself only compares the source's length.
  const key = createHash('sha256').update(`${process.version}\0${process.arch}\0${source}`).digest('hex').slice(0, 16);
  const file = join(folder, `${PREFIX}${key}${SUFFIX}`);
  const cachedData = readCache(file);
  const script = new Script(Module.wrap(source), { filename: path, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected) process.once('exit', () => writeCache(file, script));
  const module = new Module(path);
  module.filename = path;
  module.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(path));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(path), module, path, dirname(path));
  module.loaded = true;
  return module.exports;
}

/** The cache's payload; undefined when there is none or its digest does not match. */
function readCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const payload = bytes.subarray(DIGEST_BYTES);
  const digest = createHash('sha256').update(payload).digest();
  return bytes.length > DIGEST_BYTES && digest.equals(bytes.subarray(0, DIGEST_BYTES)) ? payload : undefined;
}

/** Writes the cache through a temporary file (another window's server may read it meanwhile) and drops the caches of other bundles. */
function writeCache(file: string, script: Script): void {
  try {
    const payload = script.createCachedData();
    const folder = dirname(file);
    mkdirSync(folder, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([createHash('sha256').update(payload).digest(), payload]));
    renameSync(temporary, file);
    for (const name of readdirSync(folder))
      if (name !== basename(file) && name.startsWith(PREFIX) && name.endsWith(SUFFIX)) rmSync(join(folder, name), { force: true });
  } catch {
    // A cache is only a head start: a folder that cannot be written leaves the next start as fast as this one.
  }
}

/**
 * The bundle loaded with a V8 code cache (server/src/node/code-cache.ts), in the folder the editor
 * names in BALANCER_LENS_CODE_CACHE: written when the server exits (the worker thread's once it has
 * run a while), used (so left as it is) by the next start, and ignored then replaced when damaged or
 * made by another V8. Every start answers the same diagnostics.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { WORKER_CACHE_AFTER_MS } from '../../../server/src/lsp/lane-worker';
import { CODE_CACHE_ENV } from '../../../server/src/node/code-cache';
import { SERVER, startSession } from '../../support/lsp-session';
import { tempDir } from '../../support/temp';

const URI = 'file:///cache/shop.conf';
const TEXT =
  '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080 loadfactor=0\n    BalancerMember http://10.0.0.2:8080\n</Proxy>\n';
/** Where V8's header keeps the hash of the V8 version that made the cache (after a 4-byte magic number). */
const V8_VERSION_HASH = 4;

/** Starts a server with the cache in `folder`, opens TEXT, and shuts it down; its diagnostics. */
async function session(folder: string): Promise<PublishDiagnosticsParams> {
  const server = await startSession({ env: { ...process.env, [CODE_CACHE_ENV]: folder } });
  server.open(URI, TEXT);
  const published = await server.diagnostics(URI, 1);
  await server.shutdown();
  return published;
}

/** The main thread's cache file, the one file of the folder besides the worker thread's (written only once it has run a while). */
function cacheFile(folder: string): string {
  const files = readdirSync(folder).filter((name) => !name.startsWith('server-worker-'));
  assert.equal(files.length, 1, `expected one cache file, found ${files.join(', ')}`);
  return join(folder, files[0]!);
}

/** The worker thread's cache file, once written. */
async function workerCacheFile(folder: string): Promise<string> {
  for (;;) {
    const name = readdirSync(folder).find((each) => each.startsWith('server-worker-') && each.endsWith('.cache'));
    if (name) return join(folder, name);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A payload behind a digest that matches it. */
function withDigest(payload: Buffer): Buffer {
  return Buffer.concat([createHash('sha256').update(payload).digest(), payload]);
}

describe('language server: code cache', function () {
  this.timeout(60_000);
  let expected: PublishDiagnosticsParams;
  let folder: string;
  let valid: Buffer;

  before(async () => {
    folder = tempDir('bl-code-cache-');
    expected = await session(folder);
    valid = readFileSync(cacheFile(folder));
    assert.ok(expected.diagnostics.length > 0);
  });

  it('is written when the server exits, into the folder given, nothing beside the bundle', () => {
    assert.ok(valid.length > 100_000, `a cache of ${valid.length} bytes`);
    assert.deepEqual(
      readdirSync(join(SERVER, '..')).filter((name) => name.endsWith('.cache')),
      [],
    );
  });

  it('is used by the next start, which leaves it as it is', async () => {
    assert.deepEqual(await session(folder), expected);
    assert.ok(readFileSync(cacheFile(folder)).equals(valid), 'the cache was written again, so it was not used');
  });

  it('is ignored and replaced when damaged', async () => {
    const damaged = Buffer.from(valid);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 10) ^ 0xff, damaged.length - 10);
    writeFileSync(cacheFile(folder), damaged);
    assert.deepEqual(await session(folder), expected);
    const replaced = readFileSync(cacheFile(folder));
    assert.ok(!replaced.equals(damaged), 'the damaged cache is still there');
    assert.ok(replaced.subarray(0, 32).equals(createHash('sha256').update(replaced.subarray(32)).digest()));
  });

  it('is ignored and replaced when another V8 made it', async () => {
    const payload = Buffer.from(valid.subarray(32));
    payload.writeUInt32LE((payload.readUInt32LE(V8_VERSION_HASH) + 1) >>> 0, V8_VERSION_HASH);
    const foreign = withDigest(payload);
    writeFileSync(cacheFile(folder), foreign);
    assert.deepEqual(await session(folder), expected);
    assert.ok(!readFileSync(cacheFile(folder)).equals(foreign), 'the cache of another V8 is still there');
  });

  it('of the worker thread, which analyses, is its own: written once it has run a while, used by the next start', async () => {
    const own = tempDir('bl-code-cache-worker-');
    const server = await startSession({ env: { ...process.env, [CODE_CACHE_ENV]: own } });
    server.open(URI, TEXT);
    assert.deepEqual(await server.diagnostics(URI, 1), expected);
    // The process ends the worker without its exit event: it writes when it has run WORKER_CACHE_AFTER_MS.
    const file = await workerCacheFile(own);
    await server.shutdown();
    const written = readFileSync(file);
    assert.ok(written.length > 100_000, `a cache of ${written.length} bytes`);
    assert.ok(written.subarray(0, 32).equals(createHash('sha256').update(written.subarray(32)).digest()));
    // A cache used is not written again: past the time the worker would write it, it is as it was.
    const next = await startSession({ env: { ...process.env, [CODE_CACHE_ENV]: own } });
    next.open(URI, TEXT);
    assert.deepEqual(await next.diagnostics(URI, 1), expected);
    await new Promise((resolve) => setTimeout(resolve, WORKER_CACHE_AFTER_MS + 1000));
    await next.shutdown();
    assert.ok(readFileSync(file).equals(written), 'the worker wrote its cache again, so it did not use it');
    assert.equal(readdirSync(own).length, 2);
  });

  it('of another bundle is removed when this one writes its own', async () => {
    const own = cacheFile(folder);
    writeFileSync(own, Buffer.alloc(0));
    writeFileSync(join(folder, 'server-0123456789abcdef.cache'), withDigest(Buffer.from('another bundle')));
    assert.deepEqual(await session(folder), expected);
    assert.deepEqual(readdirSync(folder), [own.slice(folder.length + 1)]);
  });
});

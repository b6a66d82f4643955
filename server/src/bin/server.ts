/**
 * server/dist/server.js, the file editors start: the language server lives in the program's bundle
 * (server/dist/bundle.js, beside it), so the core is shipped once, loaded with a code cache
 * (node/code-cache.ts) in the folder the editor names in BALANCER_LENS_CODE_CACHE (the VS Code
 * extension gives its global storage), else in the user's cache folder.
 */
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { hasLaneTransport, startLaneWorker, WORKER_CACHE_AFTER_MS } from '../lsp/lane-worker';
import { loadBundle } from '../node/code-cache';

// In the main thread, the worker (this file again) boots while this thread loads the bundle.
const early = isMainThread && hasLaneTransport(process.argv) ? startLaneWorker(__filename) : undefined;
// Each thread its own cache: the worker compiles the analysis, the main thread little beyond the protocol.
const bundle = isMainThread
  ? loadBundle(join(__dirname, 'bundle.js'), 'server')
  : loadBundle(join(__dirname, 'bundle.js'), 'server-worker', { afterMs: WORKER_CACHE_AFTER_MS });
(bundle as typeof import('./bundle')).startServer(early);

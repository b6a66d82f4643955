/**
 * server/dist/server.js, the file editors start: the language server lives in the program's bundle
 * (server/dist/bundle.js, beside it), so the core is shipped once, loaded with a code cache
 * (node/code-cache.ts) in the folder the editor names in BALANCER_LENS_CODE_CACHE (the VS Code
 * extension gives its global storage), else in the user's cache folder.
 */
import { join } from 'node:path';
import { loadBundle } from '../node/code-cache';

(loadBundle(join(__dirname, 'bundle.js'), 'server') as typeof import('./bundle')).startServer();

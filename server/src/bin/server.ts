/**
 * server/dist/server.js, the file editors start: the language server lives in the CLI's bundle
 * (server/dist/cli.js, beside it), so the core is shipped once. An editor that names a folder of its
 * own in BALANCER_LENS_CODE_CACHE (the VS Code extension does) gets the bundle loaded with a code cache.
 */
import { join } from 'node:path';
import { CODE_CACHE_ENV, requireWithCodeCache } from '../lsp/code-cache';

type Cli = typeof import('./cli');
const folder = process.env[CODE_CACHE_ENV];
const cli = folder
  ? (requireWithCodeCache(join(__dirname, 'cli.js'), folder) as Cli)
  : // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./cli.js') as Cli);
cli.startServer();

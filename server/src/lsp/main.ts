/**
 * server/dist/server.js, the file editors start: the language server lives in the CLI's bundle
 * (server/dist/cli.js, beside it), so the core is shipped once.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('./cli.js') as typeof import('../cli/main')).startServer();

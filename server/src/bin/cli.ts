/**
 * server/dist/cli.js, the `balancer-lens` command: loads the program (server/dist/bundle.js, beside
 * it) with a code cache per command (node/code-cache.ts) and runs the command line.
 */
import { join } from 'node:path';
import { COMMANDS } from '../cli/commands';
import { loadBundle } from '../node/code-cache';

const command = COMMANDS.find((name) => name === process.argv[2]);
(loadBundle(join(__dirname, 'bundle.js'), command ? `cli-${command}` : 'cli') as typeof import('./bundle')).runCli();

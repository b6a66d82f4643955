/**
 * server/dist/cli.js, the `balancer-lens` command: answers `--version` itself, and otherwise loads
 * the program (server/dist/bundle.js, beside it) with a code cache per command (node/code-cache.ts)
 * and runs the command line.
 */
import { join } from 'node:path';
import { COMMANDS } from '../cli/commands';
import { version } from '../cli/version';

const [first] = process.argv.slice(2);
if (first === '--version' || first === '-v') process.stdout.write(`${version()}\n`);
else {
  // Required here, not imported: the code cache's modules (node:crypto among them) are only loaded with the program.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadBundle } = require('../node/code-cache') as typeof import('../node/code-cache');
  const command = COMMANDS.find((name) => name === first);
  (loadBundle(join(__dirname, 'bundle.js'), command ? `cli-${command}` : 'cli') as typeof import('./bundle')).runCli();
}

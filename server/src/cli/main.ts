/** `balancer-lens`: the command line. The only code that touches argv, files, stdout and exit codes. */
import { join } from 'node:path';
import { runLint } from './lint';
import { runSchedule } from './schedule';
import { ConfigError } from '../node/config';
import { UsageError } from './io';
import { oneLine } from './one-line';
import { version } from './version';

const USAGE = `usage: balancer-lens <command> [options]

commands:
  schedule FILE [--balancer NAME] [--picks N] [--down URL]... [--format text|json]
      print each balancer's byrequests schedule and member shares (--down: as if URL failed)
  lint [PATH|DIR|GLOB|-]... [--format stylish|json|sarif|github|compact] [--max-warnings N]
       [--config FILE] [--ext EXT] [--stdin-filename NAME] [--fix] [--max-time SECONDS]
      report what Apache refuses or will get wrong (lint --help for details)
  lsp --stdio
      run the language server for any LSP client (Neovim, Emacs, …)

schedule and lint read a whole configuration, following Include, and take:
  --server-root DIR, -D NAME[=VALUE] (--define), --env-file FILE (Debian's envvars),
  --env-from-process (\${NAME} from the environment too; off by default, it holds CI secrets),
  the limits --max-size MB, --max-includes N, --max-directory-depth N, and --include-root DIR
  (Include reads only from the current folder, the files' folders, --server-root and these)

options:
  -h, --help       show this help
  -v, --version    print the version`;

/** Starts the bundled language server next to this file; it is loaded only here, to keep the CLI small. */
function runLanguageServer(argv: readonly string[]): number {
  if (!argv.includes('--stdio')) throw new UsageError('lsp needs --stdio (the transport every LSP client supports)');
  const server = require(join(__dirname, 'server.js')) as { startServer(): void };
  server.startServer();
  return 0;
}

function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'schedule':
        return runSchedule(rest);
      case 'lint':
        return runLint(rest);
      case 'lsp':
        return runLanguageServer(rest);
      case '-v':
      case '--version':
        process.stdout.write(`${version()}\n`);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command '${command}' (try --help)`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`balancer-lens: ${oneLine(error.message)}\n`);
      return 2;
    }
    process.stderr.write(`balancer-lens: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    return 3;
  }
}

process.exitCode = main(process.argv.slice(2));

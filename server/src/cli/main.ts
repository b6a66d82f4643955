/** `balancer-lens`: the command line. The only code that touches argv, files, stdout and exit codes. */
import { runLint } from './lint';
import { runSchedule } from './schedule';
import { UsageError } from './io';
import { version } from './version';

const USAGE = `usage: balancer-lens <command> [options]

commands:
  schedule FILE [--balancer NAME] [--picks N] [--format text|json]
      print each balancer's byrequests schedule and member shares
  lint [PATH|DIR|GLOB|-]... [--format stylish|json|sarif|github|compact] [--max-warnings N]
       [--config FILE] [--ext EXT] [--stdin-filename NAME] [--fix]
      report what Apache refuses or will get wrong (lint --help for details)

options:
  -h, --help       show this help
  -v, --version    print the version`;

function main(argv: readonly string[]): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'schedule':
        return runSchedule(rest);
      case 'lint':
        return runLint(rest);
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
    if (error instanceof UsageError) {
      process.stderr.write(`balancer-lens: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`balancer-lens: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 3;
  }
}

process.exitCode = main(process.argv.slice(2));

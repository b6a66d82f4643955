/**
 * `balancer-lens` as a function of its I/O: argv in, an exit code out, everything else through
 * `CliIo`. bin/cli.ts gives it the process; tests run it in-process with their own.
 */
import { ConfigError } from '../node/config-error';
import { CliIo, ExitCode, UsageError } from './io';
import { oneLine } from './one-line';
import { COMMANDS } from './commands';
import { didYouMean } from './usage';
import { version } from './version';

const USAGE = `usage: balancer-lens <command> [options]

commands:
  lint [PATH|DIR|GLOB|-]...   report what Apache refuses or will get wrong
  schedule [PATH|DIR|GLOB]... print each balancer's byrequests schedule and member shares
  diff OLD NEW | --base REV   show what a change does to traffic: shares, tiers, routes (files, folders or git)
  trace [PATH...] --url URL   show what Apache does to one request: handler, member, what it receives
  status URL... [PATH...]     compare running servers' balancer-manager pages with the configuration
  lsp --stdio                 run the language server for any LSP client (Neovim, Emacs, …)
  help [COMMAND]              show this help, or a command's (also: balancer-lens COMMAND --help)

schedule, diff, trace, status and lint read a whole configuration, following Include, and take:
  --server-root DIR, -D NAME[=VALUE] (--define), --env-file FILE (Debian's envvars),
  --env-from-process (\${NAME} from the environment too; off by default, it holds CI secrets),
  the limits --max-size MB, --max-includes N, --max-directory-depth N, and --include-root DIR
  (Include reads only from the current folder, the files' folders, --server-root and these)

options:
  -h, --help       show this help
  -v, --version    print the version`;

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * Each command's module, loaded when the command runs or shows its help: a `require` (not an import) is
 * evaluated only when called, in the bundle too, so `--version` loads no rules and `lint` no HTTP
 * client, git or request model.
 */
const lint = (): typeof import('./lint') => require('./lint') as typeof import('./lint');
const schedule = (): typeof import('./schedule') => require('./schedule') as typeof import('./schedule');
const diff = (): typeof import('./diff') => require('./diff') as typeof import('./diff');
const trace = (): typeof import('./trace') => require('./trace') as typeof import('./trace');
const status = (): typeof import('./status') => require('./status') as typeof import('./status');
/* eslint-enable @typescript-eslint/no-require-imports */

/** The help of a command, for `help COMMAND` and `COMMAND --help`. */
function helpOf(command: string): string {
  switch (command) {
    case 'lint':
      return lint().LINT_USAGE;
    case 'schedule':
      return schedule().SCHEDULE_USAGE;
    case 'diff':
      return diff().DIFF_USAGE;
    case 'trace':
      return trace().TRACE_USAGE;
    case 'status':
      return status().STATUS_USAGE;
    case 'lsp':
      return 'usage: balancer-lens lsp --stdio\n\nRuns the language server on standard input and output, for any LSP client (Neovim, Emacs, Helix, …).';
    case 'help':
      return USAGE;
    default:
      throw new UsageError(`no command '${command}'${didYouMean(command, COMMANDS)} (the commands are ${COMMANDS.join(', ')})`);
  }
}

/** Starts the language server the process lent (the bundle's entry does: see bin/cli.ts). */
function runLanguageServer(io: CliIo, argv: readonly string[]): ExitCode {
  if (!argv.includes('--stdio')) throw new UsageError('lsp needs --stdio (the transport every LSP client supports)');
  if (!io.startLanguageServer) throw new UsageError('this build of balancer-lens has no language server');
  io.startLanguageServer();
  return ExitCode.Clean;
}

/** Runs one command line; `status`, which waits on the network, resolves its exit code later. */
export function run(io: CliIo, argv: readonly string[]): ExitCode | Promise<ExitCode> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'schedule':
        return schedule().runSchedule(io, rest);
      case 'lint':
        return lint().runLint(io, rest);
      case 'diff':
        return diff().runDiff(io, rest);
      case 'trace':
        return trace().runTrace(io, rest);
      case 'status':
        return status()
          .runStatus(io, rest)
          .catch((error: unknown) => failed(io, error));
      case 'lsp':
        if (rest.includes('--help') || rest.includes('-h')) {
          io.stdout.write(`${helpOf('lsp')}\n`);
          return ExitCode.Clean;
        }
        return runLanguageServer(io, rest);
      case '-v':
      case '--version':
        io.stdout.write(`${version()}\n`);
        return ExitCode.Clean;
      case undefined:
        // No command is a usage error: the usage goes where errors go, and the exit code says so.
        io.stderr.write(`${USAGE}\n`);
        return ExitCode.Incomplete;
      case '-h':
      case '--help':
        io.stdout.write(`${USAGE}\n`);
        return ExitCode.Clean;
      case 'help':
        if (rest.length > 1) throw new UsageError('help takes at most one COMMAND (balancer-lens --help)');
        io.stdout.write(`${helpOf(rest[0] ?? 'help')}\n`);
        return ExitCode.Clean;
      default: {
        const what = command.startsWith('-') ? 'option' : 'command';
        const candidates = what === 'option' ? ['--help', '--version'] : COMMANDS;
        throw new UsageError(`unknown ${what} '${command}'${didYouMean(command, candidates)} (balancer-lens --help lists the commands)`);
      }
    }
  } catch (error) {
    return failed(io, error);
  }
}

/** A command that threw: a usage or settings error exits 2, anything else is a bug of ours (3). */
function failed(io: CliIo, error: unknown): ExitCode {
  if (error instanceof UsageError || error instanceof ConfigError) {
    io.stderr.write(`balancer-lens: ${oneLine(error.message)}\n`);
    return ExitCode.Incomplete;
  }
  io.stderr.write(`balancer-lens: internal error: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
  return ExitCode.Internal;
}

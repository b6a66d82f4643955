/** Command lines read in our words: parseArgs behind a wrapper that says what is wrong, suggests the flag meant, and points at --help. */
import { parseArgs, ParseArgsConfig } from 'node:util';
import { suggestFrom } from '../core/suggest';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

/** `: did you mean X?`, or nothing when no candidate is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const suggestion = suggestFrom(word, candidates);
  return suggestion === undefined ? '' : `: did you mean ${suggestion}?`;
}

/**
 * parseArgs for `command`, with usage errors a person can act on: `--picks -1` is read as the value
 * `-1` (a negative number is never a flag), so the flag's own check says what is wrong with it.
 */
export function parseCommandLine<T extends Options>(command: string, argv: readonly string[], options: T) {
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const name = /^--([^=]+)$/.exec(arg)?.[1] ?? (/^-([A-Za-z])$/.test(arg) ? shortName(options, arg.slice(1)) : undefined);
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      args.push(`--${name}=${next}`);
      i++;
    } else args.push(arg);
  }
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(`${explain(error, options)} (balancer-lens ${command} --help lists the options)`);
  }
}

function shortName(options: Options, letter: string): string | undefined {
  return Object.keys(options).find((name) => options[name]!.short === letter);
}

/** parseArgs's error in one line of our words. */
function explain(error: unknown, options: Options): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  // `'--picks <value>'`, `'-f, --format <value>'`: the long name when there is one.
  const written = /'(?:-\w, )?(-[^' ]*)/.exec(message)?.[1] ?? '';
  const long = /^-\w$/.test(written) ? shortName(options, written.slice(1)) : undefined;
  const flag = long === undefined ? written : `--${long}`;
  const flags = Object.keys(options).map((name) => `--${name}`);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${flag}${didYouMean(flag.replace(/=.*$/, ''), flags)}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${flag} takes no value`;
    if (/argument missing/.test(message)) return `${flag} needs a value`;
    if (/ambiguous/.test(message)) return `${flag} needs a value; one starting with - is written ${flag}=-VALUE`;
  }
  return message.replace(/\s*\n\s*/g, ' ');
}

/** The flags that shape how a configuration is read: --server-root, --define, --env-file, --env-from-process, the limits and the include roots. */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { showPath } from './inputs';
import { oneLine } from './one-line';
import { DEFAULT_READ_LIMITS, ReadLimits } from '../core/syntax/includes';
import { readVariables } from '../node/env-file';
import { diskAccess } from '../node/files';
import { heapSizeLimit, UsageError } from './io';

/** What every command passes to the core's reader besides the text. */
export interface ReadFlags {
  readonly serverRoot: string | undefined;
  readonly defines: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** `size` is in bytes, and bounds each file read as well as the whole configuration. */
  readonly limits: ReadLimits;
  /** Folders given with --include-root, absolute. */
  readonly includeRoots: readonly string[];
  /** An env file was read (--env-file, or Debian's envvars): it is all of Apache's environment. */
  readonly environmentIsComplete: boolean;
}

/** parseArgs options for the read flags, shared by every command that reads a configuration. */
export const READ_OPTIONS = {
  'server-root': { type: 'string' },
  ext: { type: 'string', multiple: true },
  define: { type: 'string', multiple: true, short: 'D' },
  'env-file': { type: 'string', multiple: true },
  'env-from-process': { type: 'boolean' },
  'max-size': { type: 'string' },
  'max-includes': { type: 'string' },
  'max-directory-depth': { type: 'string' },
  'include-root': { type: 'string', multiple: true },
} as const;

/** The help line of --ext. */
export const EXT_HELP = `      --ext EXT           also pick *.EXT files in directories (repeatable, or comma-separated)`;

/** `--ext` values (repeatable, comma-separated, with or without the dot) as extensions without the dot. */
export function parseExtensions(values: readonly string[] | undefined): string[] {
  const extensions = (values ?? []).flatMap((value) => value.split(',')).map((value) => value.trim().replace(/^\./, ''));
  if (extensions.some((extension) => extension === '' || /[/\\*?[\]{}]/.test(extension)))
    throw new UsageError(`--ext takes an extension such as cfg or .cfg, not '${values?.join(',')}'`);
  return extensions;
}

/** The help lines of the variable flags, for `lint --help`. */
export const VARIABLES_HELP = `  -D, --define NAME[=VALUE]  like apache2 -D NAME, for <IfDefine>; a VALUE also sets \${NAME}
      --env-file FILE     read NAME=value lines (Debian's envvars) for \${NAME}, without running a shell
      --env-from-process  also take \${NAME} from balancer-lens's own environment (off by default: in CI
                          it holds secrets, and a pull request's \${NPM_TOKEN} would print them)`;

/** The help lines of the limit flags, for `lint --help`. */
export const LIMITS_HELP = `      --max-size MB       read at most MB (1 MB = 1,048,576 bytes) per file and per configuration
                          (default: what the Node.js heap can analyse, heap limit / 60)
      --max-includes N    read at most N files and folders through Include per configuration (default ${DEFAULT_READ_LIMITS.includes})
      --max-directory-depth N  descend at most N folders below an included folder (default ${DEFAULT_READ_LIMITS.directoryDepth})
      --include-root DIR  also read included files in DIR (repeatable; --include-root / reads them anywhere);
                          by default only the current folder, the linted files' folders and --server-root`;

export interface ReadValues {
  'server-root'?: string;
  define?: string[];
  'env-file'?: string[];
  'env-from-process'?: boolean;
  'max-size'?: string;
  'max-includes'?: string;
  'max-directory-depth'?: string;
  'include-root'?: string[];
}

/**
 * Turns the parsed flags into read options. `${NAME}` comes from --env-file (or Debian's envvars,
 * `values.envvars`), then `--define NAME=VALUE`; the process environment only with
 * --env-from-process, since in CI it holds the job's secrets and a configuration from a pull
 * request decides which variables get printed.
 */
export function readFlags(
  values: ReadValues & { readonly envvars?: string },
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): ReadFlags {
  const limits = readLimits(values);
  const serverRoot = values['server-root'] === undefined ? undefined : resolve(cwd, values['server-root']);
  const rootFlags = {
    serverRoot,
    includeRoots: (values['include-root'] ?? []).map((root) => {
      const folder = resolve(cwd, root);
      if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
        throw new UsageError(`--include-root takes a folder, and ${root} is not one`);
      return folder;
    }),
  };
  const { envvars } = values;
  const variables = readVariables(
    {
      defines: values.define ?? [],
      definesShown: '--define',
      envFiles: (values['env-file'] ?? []).map((file) => ({ path: resolve(cwd, file), shown: file })),
      envvars:
        envvars === undefined
          ? undefined
          : {
              path: envvars,
              shown: `${showPath(envvars, cwd)} beside apache2.conf`,
              advice: '--env-file FILE reads another, --env-file /dev/null none',
            },
      // Nobody named envvars: it is read as an Include of it would be.
      files: diskAccess({ maxBytes: limits.size, roots: includeRoots(rootFlags, cwd, envvars === undefined ? [] : [envvars]) }),
      maxBytes: limits.size,
      outer: values['env-from-process'] ? env : {},
    },
    (message) => {
      throw new UsageError(message);
    },
  );
  return { ...rootFlags, ...variables, limits };
}

/**
 * readFlags with Debian's `envvars` as the env file when none is given and a path is
 * `apache2.conf` or the folder holding it (`lint` and `schedule` alike), said on stderr.
 */
export function readFlagsWithEnvvars(
  values: ReadValues,
  paths: readonly string[],
  cwd: string,
  io: { readonly env: Readonly<Record<string, string | undefined>>; readonly stderr: { write(text: string): unknown } },
): ReadFlags {
  const envvars = values['env-file'] === undefined ? debianEnvvars(paths, cwd) : undefined;
  const flags = readFlags(envvars === undefined ? values : { ...values, envvars }, cwd, io.env);
  if (envvars !== undefined)
    io.stderr.write(
      `balancer-lens: note: \${NAME} from ${oneLine(showPath(envvars, cwd))} beside apache2.conf, as apache2ctl reads it (--env-file FILE reads another)\n`,
    );
  return flags;
}

/**
 * Debian's `envvars` beside `apache2.conf`, when a path given is that file or the folder holding
 * both: apache2ctl sources it before starting Apache, so its `${APACHE_*}` are what Apache sees.
 */
function debianEnvvars(paths: readonly string[], cwd: string): string | undefined {
  for (const given of paths) {
    if (given === '-') continue;
    const path = resolve(cwd, given);
    const folder =
      basename(path) === 'apache2.conf' ? dirname(path) : statSync(path, { throwIfNoEntry: false })?.isDirectory() ? path : undefined;
    if (folder === undefined || !statSync(join(folder, 'apache2.conf'), { throwIfNoEntry: false })?.isFile()) continue;
    // Whatever it is: what cannot be read as a configuration file is said, not passed over.
    const envvars = join(folder, 'envvars');
    if (lstatSync(envvars, { throwIfNoEntry: false })) return envvars;
  }
  return undefined;
}

/**
 * The folders Include may read from: the current folder, the folder of each file read, the server
 * root and --include-root, as real paths. A configuration from an untrusted pull request must not
 * make the linter read, and quote in its findings, a file elsewhere on the machine (a key, a token).
 */
export function includeRoots(flags: Pick<ReadFlags, 'serverRoot' | 'includeRoots'>, cwd: string, files: readonly string[]): string[] {
  const roots = new Set<string>();
  for (const folder of [
    cwd,
    ...files.map((file) => dirname(file)),
    ...(flags.serverRoot ? [flags.serverRoot] : []),
    ...flags.includeRoots,
  ]) {
    try {
      roots.add(realpathSync(folder));
    } catch {
      // A folder that does not exist holds nothing to read.
    }
  }
  return [...roots];
}

/** The limits from --max-size, --max-includes and --max-directory-depth, else the defaults. */
function readLimits(values: ReadValues): ReadLimits {
  const size = values['max-size'];
  const bytes = size === undefined ? heapSizeLimit() : Math.floor(Number(size) * 1024 * 1024);
  if (size !== undefined && !(/^\d+(\.\d+)?$/.test(size) && bytes > 0 && Number.isSafeInteger(bytes))) {
    throw new UsageError(`--max-size takes a size in MB such as 100 or 0.5, not '${size}'`);
  }
  return {
    size: bytes,
    includes: wholeNumber(values['max-includes'], '--max-includes', DEFAULT_READ_LIMITS.includes),
    directoryDepth: wholeNumber(values['max-directory-depth'], '--max-directory-depth', DEFAULT_READ_LIMITS.directoryDepth),
  };
}

function wholeNumber(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  throw new UsageError(`${flag} takes a whole number such as ${fallback}, not '${value}'`);
}

/** Environment files (Debian's `envvars`) read for `${NAME}`, shared by the CLI's --env-file and the editor's envFile setting. */
import type { FileAccess } from '../core/syntax/includes';
import { diskAccess } from './files';

/**
 * Reads `NAME=value` and `export NAME=value` lines, as Debian's envvars sets them, without running a
 * shell: quotes are removed, `$NAME`/`${NAME}` expand from what the file set already, else from
 * `outer` (what earlier flags set), anything else (conditionals, commands) is ignored.
 */
export function readEnvFile(text: string, outer: Readonly<Record<string, string | undefined>> = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    if (!quoted || quoted[1] === '"') {
      value = value.replace(
        /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
        (_, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
          const name = braced ?? bare ?? '';
          return result[name] ?? outer[name] ?? fallback ?? '';
        },
      );
    }
    result[match[1]!] = value;
  }
  return result;
}

/** An env file and how messages name it. */
export interface EnvFile {
  readonly path: string;
  readonly shown: string;
  /** What to do instead when it cannot be read, said after the reason. */
  readonly advice?: string;
}

/** Where `${NAME}` and `<IfDefine>` names come from outside the files: the CLI's flags and the editor's settings alike. */
export interface VariableSources {
  /** `NAME` or `NAME=VALUE` words (-D, balancerLens.defines); a VALUE also sets `${NAME}`, over the env files. */
  readonly defines: readonly string[];
  /** How a message names a define: `--define`, `balancerLens.defines`. */
  readonly definesShown: string;
  /** Env files the user named (--env-file, balancerLens.envFile): read where they lead, as a regular file within `maxBytes`. */
  readonly envFiles: readonly EnvFile[];
  /**
   * Debian's `envvars` found beside apache2.conf, which nobody named: read as an included file is,
   * through `files` (the access that keeps to the roots), so a link to another project's `.env` or
   * to /proc/self/environ is not read.
   */
  readonly envvars: EnvFile | undefined;
  readonly files: FileAccess;
  readonly maxBytes: number;
  /** Variables under all of these (the process environment, with --env-from-process). */
  readonly outer: Readonly<Record<string, string | undefined>>;
}

/** What reading the sources gives the core's reader. */
export interface Variables {
  readonly defines: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
  /** An env file was read: it is all of Apache's environment. */
  readonly environmentIsComplete: boolean;
}

/**
 * Reads the variables; each source that cannot be used is one `problem` (a sentence naming it),
 * and the rest is read without it.
 */
export function readVariables(sources: VariableSources, problem: (message: string) => void): Variables {
  const environment: Record<string, string | undefined> = { ...sources.outer };
  let isComplete = false;
  const add = (file: EnvFile, text: string | undefined): void => {
    if (text === undefined) return;
    const read = readEnvFile(text, environment);
    if (Object.keys(read).length === 0 && text.trim() !== '') return problem(`${file.shown}: no NAME=value lines found in the env file`);
    Object.assign(environment, read);
    isComplete = true;
  };
  const anywhere = diskAccess({ maxBytes: sources.maxBytes });
  for (const file of sources.envFiles) add(file, envText(file, anywhere, problem));
  if (sources.envvars) add(sources.envvars, envText(sources.envvars, sources.files, problem));
  const defines: string[] = [];
  for (const define of sources.defines) {
    const equals = define.indexOf('=');
    const name = equals < 0 ? define : define.slice(0, equals);
    if (!/^[^\s:=]+$/.test(name)) {
      problem(`${sources.definesShown} takes NAME or NAME=VALUE, not '${define}'`);
      continue;
    }
    defines.push(name);
    if (equals >= 0) environment[name] = define.slice(equals + 1);
  }
  return { defines, environment, environmentIsComplete: isComplete };
}

/** The text of an env file through a file access (the one that keeps to the roots, for envvars); undefined after a problem. */
function envText(file: EnvFile, files: FileAccess, problem: (message: string) => void): string | undefined {
  const answer = files.readFile(file.path);
  if (typeof answer === 'string') return answer;
  const why =
    answer === undefined
      ? 'cannot be read (missing, unreadable or binary)'
      : 'roots' in answer
        ? 'leads outside the folders files are read from'
        : 'type' in answer
          ? `is ${answer.type}`
          : `is larger than the ${megabytes(answer.limit)} limit`;
  problem(`${file.shown} ${why}: not read${file.advice ? ` (${file.advice})` : ''}`);
  return undefined;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

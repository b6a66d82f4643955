/** The flags that shape how a configuration is read: --server-root, --define, --env-file. */
import { resolve } from 'node:path';
import { readInput, UsageError } from './io';

/** What every command passes to the core's reader besides the text. */
export interface ReadFlags {
  readonly serverRoot: string | undefined;
  readonly defines: readonly string[];
  readonly environment: Readonly<Record<string, string | undefined>>;
}

/** parseArgs options for the read flags, shared by `lint` and `schedule`. */
export const READ_OPTIONS = {
  'server-root': { type: 'string' },
  define: { type: 'string', multiple: true, short: 'D' },
  'env-file': { type: 'string', multiple: true },
} as const;

/** Turns the parsed flags into read options; `--define NAME=VALUE` also sets the variable. */
export function readFlags(values: { 'server-root'?: string; define?: string[]; 'env-file'?: string[] }, cwd: string): ReadFlags {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const file of values['env-file'] ?? []) Object.assign(environment, parseEnvFile(readInput(resolve(cwd, file)).text, file));
  const defines: string[] = [];
  for (const define of values.define ?? []) {
    const equals = define.indexOf('=');
    const name = equals < 0 ? define : define.slice(0, equals);
    if (!/^[^\s:=]+$/.test(name)) throw new UsageError(`--define takes NAME or NAME=VALUE, not '${define}'`);
    defines.push(name);
    if (equals >= 0) environment[name] = define.slice(equals + 1);
  }
  return { serverRoot: values['server-root'] === undefined ? undefined : resolve(cwd, values['server-root']), defines, environment };
}

/**
 * Reads `NAME=value` and `export NAME=value` lines, as Debian's envvars sets them, without running a
 * shell: quotes are removed, `$NAME`/`${NAME}` expand from what is already set, anything else
 * (conditionals, commands) is ignored.
 */
export function parseEnvFile(text: string, shown: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, '');
    if (!quoted || quoted[1] === '"') {
      value = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
        const name = braced ?? bare ?? '';
        return result[name] ?? process.env[name] ?? fallback ?? '';
      });
    }
    result[match[1]!] = value;
  }
  if (Object.keys(result).length === 0 && text.trim() !== '') throw new UsageError(`${shown}: no NAME=value lines found in the env file`);
  return result;
}

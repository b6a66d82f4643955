/**
 * How every command reads a configuration: the read flags (`--server-root`, `-D`, `--env-file` or
 * Debian's `envvars`, `--include-root`, the limits, `--ext`), the PATHs walked as `lint` walks them
 * (a folder for configuration files, a quoted glob expanded, `-` for standard input, a file given
 * twice or reached through two PATHs read once), includes read within the include roots, and one
 * configuration set assembled from it all. lint, schedule, diff, trace and status read through here,
 * so the same folder and flags are the same configuration for each of them.
 */
import { basename, dirname, resolve } from 'node:path';
import { assembleSet, Configuration, ConfigurationSet, isMainFile, SetFile } from '../core/config-set';
import { Locate, locator } from '../core/files';
import type { FileAccess } from '../core/syntax/includes';
import { ConfigLookup, configLookup } from '../node/config';
import { diskAccess, realPathKeys } from '../node/files';
import type { IgnoreCheck } from '../node/walk';
import { Input, OutsideLink, resolveInputs, ResolvedInputs, showPath } from './inputs';
import { CliIo, readConfig, readStdin, UsageError } from './io';
import { oneLine } from './one-line';
import { includeRoots, parseExtensions, ReadFlags, readFlagsWithEnvvars, ReadValues } from './read-options';

/** How a command line reads: its read flags, `--ext`'s extensions, and each folder's `.balancerlens.json`. */
export interface ReadSettings {
  readonly flags: ReadFlags;
  readonly extensions: readonly string[];
  readonly configFor: ConfigLookup;
}

/** The parsed read flags, `--ext` among them. */
export type ReadFlagValues = ReadValues & { readonly ext?: string[] };

/**
 * The settings for PATHs taken from the folder `root`: Debian's envvars beside an apache2.conf
 * given (said on stderr), and `config` (lint's `-c FILE`) instead of the nearest settings file.
 */
export function readSettings(
  io: Parameters<typeof readFlagsWithEnvvars>[3],
  values: ReadFlagValues,
  paths: readonly string[],
  root: string,
  config?: string,
): ReadSettings {
  const flags = readFlagsWithEnvvars(values, paths, root, io);
  return { flags, extensions: parseExtensions(values.ext), configFor: configLookup(config, root, includeRoots(flags, root, [])) };
}

/** The files PATHs select from the folder `root`, as lint selects them; `isIgnored` adds lint's `--ignore-pattern`. */
export function selectInputs(
  paths: readonly string[],
  root: string,
  settings: Pick<ReadSettings, 'extensions' | 'configFor'>,
  options: { readonly stdinFilename?: string | undefined; readonly isIgnored?: IgnoreCheck } = {},
): ResolvedInputs {
  return resolveInputs(paths, {
    cwd: root,
    extensions: settings.extensions,
    stdinFilename: options.stdinFilename,
    configFor: settings.configFor,
    ...(options.isIgnored ? { isIgnored: options.isIgnored } : {}),
  });
}

/**
 * Says on stderr which symlinks a walk left out (they lead outside the folder walked) that no
 * configuration read either, and to read a Debian tree from its root; returns how many were left out.
 */
export function reportOutside(
  io: Pick<CliIo, 'stderr'>,
  outside: readonly OutsideLink[],
  isRead: (path: string) => boolean,
  cwd: string,
): number {
  const skipped = outside.filter((link) => !isRead(link.path));
  for (const link of skipped)
    io.stderr.write(`balancer-lens: ${oneLine(`${link.shown}: symlink to a file outside ${link.walked}`)}, skipped\n`);
  for (const walked of new Set(outside.map((link) => link.walked))) {
    const folder = basename(resolve(cwd, walked));
    if (folder.endsWith('-enabled')) {
      const root = dirname(resolve(cwd, walked));
      io.stderr.write(
        `balancer-lens: ${oneLine(walked)} holds links into ${folder.replace(/-enabled$/, '-available')}: lint the tree root (${oneLine(root === cwd ? '.' : showPath(root, cwd))}) instead, which reads both\n`,
      );
    }
  }
  return skipped.length;
}

/** What a configuration set is assembled from: its files, and how includes are read and named. */
export interface SetSources {
  readonly sources: readonly SetFile[];
  /** Each file as shown, by key: relative to the folder the PATHs start from when inside it. */
  readonly shown: ReadonlyMap<string, string>;
  readonly files: FileAccess;
  readonly keyOf: (path: string) => string;
}

/**
 * Reads the selected inputs from the folder `root`: a file that cannot be read, or is binary, is a
 * usage error; standard input is read when `-` was given (`readStdin` from `io`).
 */
export function readSources(io: Pick<CliIo, 'readStdin'>, inputs: readonly Input[], root: string, flags: ReadFlags): SetSources {
  const keyOf = realPathKeys();
  const maxBytes = flags.limits.size;
  const read = inputs.map((input) => {
    if (input.kind === 'file')
      return { key: keyOf(input.path), path: input.path, shown: input.shown, text: readConfig(input.path, input.shown, maxBytes) };
    const stdin = readStdin(maxBytes, (chunk) => io.readStdin(chunk));
    if (stdin.isBinary) throw new UsageError('standard input: binary, not an Apache configuration');
    return { key: input.path ? keyOf(input.path) : input.shown, path: input.path, shown: input.shown, text: stdin.text };
  });
  return {
    sources: read.map(({ key, path, text }) => ({ key, path, text })),
    shown: new Map(read.map((file) => [file.key, file.shown] as const)),
    files: diskAccess({
      maxBytes,
      roots: includeRoots(
        flags,
        root,
        read.flatMap((file) => (file.path ? [file.path] : [])),
      ),
    }),
    keyOf,
  };
}

/** Assembles the set from its sources, as every command reads it (no rule settings: those are lint's). */
export function assembleSources(read: Omit<SetSources, 'shown'>, flags: ReadFlags): ConfigurationSet {
  return assembleSet(read.sources, {
    files: read.files,
    keyOf: read.keyOf,
    read: { ...flags, epochSeconds: Math.floor(Date.now() / 1000) },
    rulesFor: () => undefined,
  });
}

/** A configuration set read from the command line, and where its lines are. */
export interface ReadSet {
  readonly set: ConfigurationSet;
  readonly flags: ReadFlags;
  /** What the set was assembled from. */
  readonly read: SetSources;
  /** Offsets in a configuration's analysis to the file as the user named it (`unnamed` for a text without a path) and a 1-based line. */
  locate(configuration: Configuration, unnamed?: string): Locate;
}

/** Reads PATHs (none: the current folder) as one configuration set, as lint reads them. */
export function readSet(io: CliIo, paths: readonly string[], values: ReadFlagValues): ReadSet {
  const cwd = io.cwd;
  const given = paths.length > 0 ? paths : ['.'];
  const settings = readSettings(io, values, given, cwd);
  const { inputs, outside } = selectInputs(given, cwd, settings);
  const read = readSources(io, inputs, cwd, settings.flags);
  const set = assembleSources(read, settings.flags);
  reportOutside(io, outside, (path) => set.configurationOf.has(read.keyOf(path)), cwd);
  return {
    set,
    flags: settings.flags,
    read,
    locate: (configuration, unnamed = configuration.entry.key) =>
      locator(configuration.analysis.tree.text, configuration.analysis.tree.files, (source) =>
        source.path === '' ? unnamed : (read.shown.get(read.keyOf(source.path)) ?? showPath(source.path, cwd)),
      ),
  };
}

/** What a command does with the configuration, in its messages: `to trace through` / `tracing through`. */
export interface Purpose {
  readonly infinitive: string;
  readonly gerund: string;
}

/** The name of the configuration `readConfiguration` reads the given files into, in messages. */
const TOGETHER = '(the files given, read together)';

/**
 * The one configuration PATHs read, for the commands that look at one (`trace`, `status`). Where
 * the set has several, an apache2.conf or httpd.conf among them is it (the others are files it
 * does not read, such as a conf-available/ file not enabled); else the entry files are read
 * together, one after the other, each from its own folder as its own configuration would be, as
 * Apache reads the files an apache2.conf includes — the one server lint and schedule describe.
 */
export function readConfiguration(
  io: CliIo,
  paths: readonly string[],
  values: ReadFlagValues,
  purpose: Purpose,
): { readonly configuration: Configuration; readonly locate: Locate } {
  const read = readSet(io, paths, values);
  const { configurations } = read.set;
  const first = configurations[0];
  if (first === undefined) throw new UsageError(`no configuration file found ${purpose.infinitive}`);
  const entries = configurations.map((each) => each.entry);
  const included = entries.flatMap((entry) => (entry.path !== undefined && isIncludable(entry.path) ? [entry.path] : []));
  if (configurations.length === 1 || isMainFile(first.entry) || included.length < entries.length) {
    if (configurations.length > 1) {
      const shown = entries.map((entry) => (entry.path ? showPath(entry.path, io.cwd) : entry.key));
      io.stderr.write(
        `balancer-lens: note: ${configurations.length} configurations (${oneLine(shown.join(', '))}): ${purpose.gerund} the first\n`,
      );
    }
    return { configuration: first, locate: read.locate(first) };
  }
  const serverRoot = read.flags.serverRoot;
  const text = included.map((path) => `${serverRoot === undefined ? `ServerRoot "${dirname(path)}"\n` : ''}Include "${path}"\n`).join('');
  // A path in the current folder, where no file is, so its includes are followed.
  const path = resolve(io.cwd, TOGETHER);
  const together = assembleSources({ ...read.read, sources: [{ key: path, path, text }] }, read.flags).configurations[0]!;
  return { configuration: together, locate: read.locate(together) };
}

/** A path an `Include` line names as it is: quoted, with no wildcard or variable in it. */
function isIncludable(path: string): boolean {
  return !/["\\*?[${}]/.test(path);
}

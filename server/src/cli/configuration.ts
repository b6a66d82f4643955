/**
 * One configuration read from PATH|DIR|GLOB|- arguments as `lint` reads them (settings file, include
 * roots, the same configuration set), for the commands that look at one configuration: `trace` and `status`.
 */
import { basename } from 'node:path';
import type { Analysis } from '../core/analysis';
import { assembleSet } from '../core/config-set';
import { Locate, locator } from '../core/files';
import { configLookup } from '../node/config';
import { diskAccess, realPathKeys } from '../node/files';
import { resolveInputs, showPath } from './inputs';
import { CliIo, readInput, readStdin, UsageError } from './io';
import { oneLine } from './one-line';
import { includeRoots, ReadValues, readFlagsWithEnvvars } from './read-options';

/** The configuration a command works on, and where its lines are. */
export interface ReadConfiguration {
  readonly analysis: Analysis;
  /** Offsets in the analysis's text to the file as the user named it and a 1-based line. */
  readonly locate: Locate;
}

/** What a command does with the configuration, in its messages: `to trace through` / `tracing through`. */
export interface Purpose {
  readonly infinitive: string;
  readonly gerund: string;
}

/**
 * Reads `paths` (default: the current folder) into a configuration set and returns its first
 * configuration; a note on stderr says so when there are several.
 */
export function readConfiguration(io: CliIo, paths: readonly string[], values: ReadValues, purpose: Purpose): ReadConfiguration {
  const cwd = io.cwd;
  const flags = readFlagsWithEnvvars(values, paths, cwd, io);
  const fileKey = realPathKeys();
  const configFor = configLookup(undefined, cwd, includeRoots(flags, cwd, []));
  const { inputs } = resolveInputs(paths.length > 0 ? paths : ['.'], { cwd, extensions: [], stdinFilename: undefined, configFor });
  const sources = inputs.map((input) => {
    const read =
      input.kind === 'stdin'
        ? readStdin(flags.limits.size, (chunk) => io.readStdin(chunk))
        : readInput(input.path, input.shown, flags.limits.size);
    if (read.isBinary) throw new UsageError(`${input.shown}: binary file`);
    return { input, text: read.text };
  });
  if (sources.length === 0) throw new UsageError(`no configuration file found ${purpose.infinitive}`);
  const files = diskAccess({
    maxBytes: flags.limits.size,
    roots: includeRoots(
      flags,
      cwd,
      sources.flatMap((source) => (source.input.path ? [source.input.path] : [])),
    ),
  });
  const set = assembleSet(
    sources.map((source) => ({
      key: source.input.path ? fileKey(source.input.path) : source.input.shown,
      path: source.input.path,
      text: source.text,
    })),
    { files, keyOf: fileKey, read: { ...flags, epochSeconds: Math.floor(Date.now() / 1000) }, rulesFor: () => undefined },
  );
  const configuration = set.configurations[0]!;
  if (set.configurations.length > 1) {
    const entries = set.configurations.map((each) => (each.entry.path ? showPath(each.entry.path, cwd) : each.entry.key));
    io.stderr.write(
      `balancer-lens: note: ${set.configurations.length} configurations (${oneLine(entries.join(', '))}): ${purpose.gerund} the first\n`,
    );
  }
  const { analysis } = configuration;
  const shownOf = new Map(sources.map((source) => [source.input.path ?? '', source.input.shown] as const));
  const locate = locator(
    analysis.tree.text,
    analysis.tree.files,
    (source) => shownOf.get(source.path) ?? (source.path ? showPath(source.path, cwd) : basename(configuration.entry.key)),
  );
  return { analysis, locate };
}

/** `balancer-lens diff`: what a change does to traffic, between two files, folders or git revisions. */
import { statSync } from 'node:fs';
import { basename, dirname, posix, resolve } from 'node:path';
import type { Configuration } from '../core/config-set';
import { diffTraffic, TrafficDiff, TrafficSide, trafficSide } from '../core/reports/traffic-diff';
import { diffMarkdown } from '../core/reports/diff-markdown';
import { diffSvg } from '../core/reports/svg';
import { diskAccess, isInside, realPathKeys, realPathOf } from '../node/files';
import { diffText } from './formats/diff-text';
import { commitOf, defaultBase, readRevision, repositoryOf } from './git-tree';
import { showPath } from './inputs';
import { CliIo, COLOUR_HELP, COLOUR_OPTIONS, ExitCode, UsageError, useColour } from './io';
import { inertJson, oneLine } from './one-line';
import { EXT_HELP, includeRoots, LIMITS_HELP, READ_OPTIONS, VARIABLES_HELP } from './read-options';
import { locate, readRevisionFile, revisionAccess, RevisionFiles, selectRevisionFiles } from './revision-files';
import { assembleSources, readSettings, ReadSettings, readSources, reportOutside, selectInputs, SetSources } from './read-set';
import { parseCommandLine } from './usage';

/** The output formats of `diff`; public API. */
export const DIFF_FORMATS = ['text', 'markdown', 'json', 'svg'] as const;
type DiffFormat = (typeof DIFF_FORMATS)[number];

/** The help of `balancer-lens diff --help`. */
export const DIFF_USAGE = `usage: balancer-lens diff OLD NEW [options]
       balancer-lens diff [--base REV] [PATH...] [options]

Shows what a change does to traffic: for each balancer, added, removed, renamed or changed, with
each member's share of the requests before and after, the lbset serving, the cycle, the lbmethod,
members that became idle, refused or spare, and ProxyPass paths that now reach another balancer.
Unchanged balancers are counted, not listed.
OLD and NEW are files or folders, read as lint reads them. Without them, the working tree (PATH...,
default the current folder) is compared with a git revision, read from git without a checkout.

options:
      --base REV          the revision to compare with (default: the merge base of HEAD and the
                          default branch: origin/HEAD, else origin/main, origin/master, main, master)
  -f, --format FORMAT     text (default), markdown (pull-request comments, job summaries), json or svg
      --exit-zero         exit 0 even when the traffic changed (reporting only)
${COLOUR_HELP}
      --server-root DIR   where relative Include paths start unless the configuration sets ServerRoot
${EXT_HELP}
${VARIABLES_HELP}
${LIMITS_HELP}
  -h, --help              show this help

exit codes: 0 the traffic is unchanged, 1 it changed (0 with --exit-zero), 2 bad flag, unreadable
file, a git error or an include a limit cut short, 3 internal error`;

/** One side of the comparison: the folder its files are shown relative to, and what to read there. */
interface SideInput {
  readonly root: string;
  readonly args: readonly string[];
  /** The side's name in messages: OLD, NEW or a revision. */
  readonly label: string;
  /** A git revision, read from git into memory: a PATH it does not have (or has no configuration in) is read as empty, since the change adds it. */
  readonly revision?: RevisionFiles;
}

/** Runs the command; returns the exit code. */
export function runDiff(io: CliIo, argv: readonly string[]): ExitCode {
  const { values, positionals } = parseCommandLine('diff', argv, {
    base: { type: 'string' },
    format: { type: 'string', short: 'f' },
    'exit-zero': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    ...COLOUR_OPTIONS,
    ...READ_OPTIONS,
  });
  if (values.help) {
    io.stdout.write(`${DIFF_USAGE}\n`);
    return ExitCode.Clean;
  }
  const format = (values.format ?? 'text') as DiffFormat;
  if (!DIFF_FORMATS.includes(format)) throw new UsageError(`unknown format '${values.format}': use ${DIFF_FORMATS.join(', ')}`);
  if (positionals.includes('-')) throw new UsageError('diff reads files, folders or git revisions, not standard input (-)');
  const cwd = io.cwd;
  const isGit = values.base !== undefined || positionals.length !== 2 || !positionals.every((path) => exists(resolve(cwd, path)));
  let old: SideInput;
  let now: SideInput;
  let titles: readonly [string, string];
  if (!isGit) {
    [old, now] = positionals.map((path, index) => sideOf(resolve(cwd, path), index === 0 ? 'OLD' : 'NEW')) as [SideInput, SideInput];
    titles = [positionals[0]!, positionals[1]!];
  } else {
    for (const path of positionals)
      if (!exists(resolve(cwd, path)))
        throw new UsageError(
          `cannot read ${path}: no such file (diff OLD NEW takes two files or folders; diff --base REV PATH... compares with git)`,
        );
    const { top, prefix } = repositoryOf(cwd);
    const root = posix.resolve(top, prefix);
    // The revision is laid over the repository's real folder, so each PATH is taken there too.
    const args = (positionals.length > 0 ? positionals : ['.']).map((path) => {
      const full = resolve(cwd, path);
      const real = posix.join(realPathOf(dirname(full)), basename(full));
      if (!isInside(real, [top])) throw new UsageError(`${path} is outside the repository ${top}: diff --base REV compares its files`);
      return real;
    });
    const base = values.base === undefined ? defaultBase(cwd) : { revision: values.base, commit: commitOf(cwd, values.base) };
    const revision = { tree: readRevision(cwd, base.commit, base.revision), top };
    old = { root, args, label: base.revision, revision };
    now = { root: cwd, args, label: 'the working tree' };
    titles = [`${base.revision} (${base.commit.slice(0, 12)})`, 'working tree'];
  }
  // Each side reads Debian's envvars as lint does; the note about it is said once.
  const said = new Set<string>();
  const noteOnce = (text: string): void => {
    if (!said.has(text)) io.stderr.write(text);
    said.add(text);
  };
  const noting = { env: io.env, stderr: { write: noteOnce } };
  const before = readSide(io, old, readSettings(noting, values, old.args, old.root));
  const after = readSide(io, now, readSettings(noting, values, now.args, now.root));
  const isPaired = before.configurations.length === 1 && after.configurations.length === 1;
  const side = (read: ReadSide, input: SideInput): TrafficSide =>
    trafficSide(read.configurations, (file) => showPath(file.path, input.root), isPaired);
  const diff = diffTraffic(side(before, old), side(after, now));
  io.stdout.write(render(format, diff, titles, useColour(io, values)));
  if (before.isIncomplete || after.isIncomplete) return ExitCode.Incomplete;
  return diff.changed && !values['exit-zero'] ? ExitCode.Findings : ExitCode.Clean;
}

function render(format: DiffFormat, diff: TrafficDiff, titles: readonly [string, string], colour: boolean): string {
  switch (format) {
    case 'text':
      return diffText(diff, titles, colour);
    case 'markdown':
      return diffMarkdown(diff, titles);
    case 'json':
      return `${inertJson(JSON.stringify({ before: titles[0], after: titles[1], ...diff }))}\n`;
    case 'svg':
      return diffSvg(diff, titles);
  }
}

function exists(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false }) !== undefined;
}

/** A file is read in its folder (so its name is all that shows); a folder is walked as lint walks it. */
function sideOf(path: string, label: string): SideInput {
  return statSync(path).isDirectory() ? { root: path, args: ['.'], label } : { root: dirname(path), args: [basename(path)], label };
}

/** One side, read: its configurations, and whether a limit cut an include short. */
interface ReadSide {
  readonly configurations: readonly Configuration[];
  readonly isIncomplete: boolean;
}

/** Reads one side as every command reads a configuration: the same walk, includes, limits, include roots and envvars. */
function readSide(io: CliIo, input: SideInput, settings: ReadSettings): ReadSide {
  if (input.revision) {
    const set = assembleSources(revisionSources(input.revision, input, settings), settings.flags);
    return { configurations: set.configurations, isIncomplete: reportCut(io, set.configurations, input) };
  }
  const { inputs, outside } = selectInputs(input.args, input.root, settings);
  const read = readSources(io, inputs, input.root, settings.flags);
  const set = assembleSources(read, settings.flags);
  reportOutside(io, outside, (path) => set.configurationOf.has(read.keyOf(path)), input.root);
  return { configurations: set.configurations, isIncomplete: reportCut(io, set.configurations, input) };
}

/** The files of the revision the side's paths select, read from git; beyond the repository, from the disk. */
function revisionSources(
  revision: RevisionFiles,
  input: SideInput,
  { flags, extensions, configFor }: ReadSettings,
): Omit<SetSources, 'shown'> {
  const maxBytes = flags.limits.size;
  const selected = selectRevisionFiles(revision, input.root, input.args, { extensions, configFor }, maxBytes);
  const roots = [...includeRoots(flags, input.root, []), ...selected.map((file) => locate(revision, posix.dirname(file.path)).path)];
  const keyOfOutside = realPathKeys();
  return {
    sources: selected.map((file) => ({
      key: file.key,
      path: file.path,
      text: readRevisionFile(revision, file, showPath(file.path, input.root), maxBytes),
    })),
    files: revisionAccess(revision, { maxBytes, roots, disk: diskAccess({ maxBytes, roots }) }),
    keyOf: (path) => {
      const found = locate(revision, path);
      return found.kind === 'inside' ? found.path : keyOfOutside(found.path);
    },
  };
}

/** Says where a limit cut an include short (the comparison may miss members); true when one did. */
function reportCut(io: CliIo, configurations: readonly Configuration[], input: SideInput): boolean {
  let isCut = false;
  for (const { analysis } of configurations) {
    for (const problem of analysis.tree.diagnostics) {
      if (problem.problem !== 'include-limit') continue;
      isCut = true;
      io.stderr.write(`balancer-lens: ${oneLine(input.label)}: ${oneLine(problem.message)}\n`);
    }
  }
  return isCut;
}

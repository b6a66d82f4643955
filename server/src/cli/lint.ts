/** `balancer-lens lint`: lints files, directories and globs as one set, prints a report, and sets the exit code. */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { assembleSet, ConfigurationSet, FileFindings } from '../core/config-set';
import { marksIncomplete } from '../core/lint';
import type { FileAccess } from '../core/syntax/includes';
import { ConfigLookup, LintConfig } from '../node/config';
import { confirmFixes, fixFiles } from './fix';
import { terminalWidth } from './fit';
import { formatCheckstyle } from './formats/checkstyle';
import { formatCompact } from './formats/compact';
import { formatGithub } from './formats/github';
import { formatGitlab } from './formats/gitlab';
import { formatJson } from './formats/json';
import { formatSarif } from './formats/sarif';
import { formatStylish } from './formats/stylish';
import { diskAccess, realPathKeys } from '../node/files';
import { Input, showPath } from './inputs';
import { ignoreCheck } from '../node/walk';
import {
  CliIo,
  COLOUR_HELP,
  COLOUR_OPTIONS,
  describe,
  ExitCode,
  InputText,
  Output,
  readInput,
  readStdin,
  UsageError,
  useColour,
} from './io';
import { oneLine } from './one-line';
import { countFindings, relativeSlashPath, Report, reportFile } from './report';
import { EXT_HELP, includeRoots, LIMITS_HELP, READ_OPTIONS, ReadFlags, VARIABLES_HELP } from './read-options';
import { readSettings, reportOutside, selectInputs } from './read-set';
import { parseCommandLine } from './usage';
import { RULES } from '../core/rules';
import type { Severity } from '../core/rules/types';
import type { SeveritySetting } from '../core/lint';
import { suggestFrom } from '../core/suggest';
import { unifiedDiff } from './unified-diff';
import { version } from './version';

/** The help of `balancer-lens lint --help`. */
export const LINT_USAGE = `usage: balancer-lens lint [PATH|DIR|GLOB|-]... [options]

Lints Apache configuration files together (a balancer in one file, its ProxyPass in another),
following Include and IncludeOptional; a file that another given file includes (by any name,
symlinks too) is read as part of it, and every other file is an entry point.
A directory is searched for *.conf, .htaccess and every file under sites-*, conf.d, conf-*, mods-*,
following symlinks only inside it; quote a glob to let balancer-lens expand it; - reads standard
input. No path: the current directory.
Debian: given apache2.conf or the folder holding it, lint reads the envvars file beside it for \${NAME},
as apache2ctl does (a note on stderr says so; --env-file FILE reads another instead). Lint the tree
root, not sites-enabled/: its links lead into sites-available/, outside the folder walked.

options:
  -f, --format FORMAT     stylish (default), json, sarif, github, gitlab (Code Quality), checkstyle
                          (XML, for Jenkins) or compact
      --fail-on SEVERITY  fail on findings of SEVERITY or worse: error (default), warning or info
      --max-warnings N    fail when there are more than N warnings (default: no limit)
  -q, --quiet             report errors only (warnings and infos still count for the exit code)
  -o, --output-file FILE  write the report to FILE instead of standard output
${COLOUR_HELP}
  -c, --config FILE       use FILE for every file instead of the nearest .balancerlens.json
      --rule ID:SEVERITY  set a rule to off, info, warning or error, over any .balancerlens.json
                          (repeatable)
      --ignore-pattern GLOB  never lint files matching GLOB, relative to the current directory
                          (repeatable; adds to "ignore" in .balancerlens.json)
${EXT_HELP}
      --stdin-filename NAME  the name of standard input in the report and for finding its config
      --fix               apply the safe fixes that re-analysis confirms, replacing each file
                          atomically, then report what remains
      --fix-dry-run       print what --fix would change as a unified diff instead of the report;
                          write nothing (the exit code is the one --fix would give)
      --server-root DIR   where relative Include paths start unless the configuration sets ServerRoot
                          (default: the entry file's directory); like apache2 -d DIR
${VARIABLES_HELP}
${LIMITS_HELP}
      --max-time SECONDS  stop, reporting nothing, once SECONDS have passed (checked while reading and linting)
      --list-rules        list the rules: id, default severity, summary
      --print-config FILE print what applies to FILE as JSON: its .balancerlens.json, each rule's
                          severity, the include patterns, roots and limits
  -h, --help              show this help

exit codes: 0 no findings at --fail-on's severity (errors by default) and warnings within
--max-warnings, 1 findings fail the run, 2 bad flag, unreadable or binary file, invalid .balancerlens.json, an include a limit cut
short, a file --fix could not write, or --max-time ran out; 3 internal error`;

/** The output formats; public API. */
export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'gitlab', 'checkstyle', 'compact'] as const;
type Format = (typeof FORMATS)[number];

/** More files than this on a terminal get a progress line on stderr. */
const PROGRESS_THRESHOLD = 20;

/** A file to lint, read. */
interface Source {
  readonly input: Input;
  readonly text: string;
  readonly config: LintConfig;
  /** Its bytes round-trip through the text, so `--fix` may rewrite it. */
  readonly isWritable: boolean;
}

/** The command line's options, as parsed. */
type LintValues = ReturnType<typeof parseOptions>['values'];

/** Runs the command; returns the exit code. */
export function runLint(io: CliIo, argv: readonly string[]): ExitCode {
  const { values, positionals } = parseOptions(argv);
  if (values.help) {
    io.stdout.write(`${LINT_USAGE}\n`);
    return ExitCode.Clean;
  }
  if (values['list-rules']) {
    io.stdout.write(listRules());
    return ExitCode.Clean;
  }
  const format = parseFormat(values.format);
  const failOn = parseFailOn(values['fail-on']);
  const ruleSettings = parseRules(values.rule ?? []);
  const maxWarnings = parseMaxWarnings(values['max-warnings']);
  const maxTime = parseMaxTime(values['max-time']);
  const cwd = io.cwd;
  // No path is exactly `.`: the same files, and Debian's envvars beside an apache2.conf there.
  const paths = positionals.length > 0 ? positionals : ['.'];
  const settings = readSettings(io, values, paths, cwd, values.config);
  const { flags } = settings;
  const configFor = withRules(settings.configFor, ruleSettings);
  const isIgnored = ignoreCheck(configFor, values['ignore-pattern'] ?? [], cwd);
  const printed = values['print-config'];
  if (printed !== undefined) {
    io.stdout.write(printConfig(printed, configFor(dirname(resolve(cwd, printed))), flags, cwd));
    return ExitCode.Clean;
  }
  const { inputs, outside, ignored } = selectInputs(
    paths,
    cwd,
    { extensions: settings.extensions, configFor },
    { stdinFilename: values['stdin-filename'], isIgnored },
  );
  checkFixOptions(values, inputs);
  for (const shown of ignored) io.stderr.write(`balancer-lens: ${oneLine(shown)}: ignored (an ignore pattern matches it), skipped\n`);

  const progress = progressLine(io.stderr, inputs.length);
  const deadline = deadlineOf(io, maxTime, progress);
  const reading = readSources(io, inputs, configFor, flags.limits.size, progress, deadline);
  const session = lintSession(reading.sources, flags, cwd, progress, deadline);
  const linted = session.assemble();
  // A link the walk left out is still read where a linted file includes it, as Apache would.
  const skippedLinks = reportOutside(io, outside, (path) => linted.configurationOf.has(session.fileKey(path)), cwd) > 0;
  const fixing =
    values.fix || values['fix-dry-run'] ? applyFixes(io, values, session, linted) : { findings: linted.findings, isIncomplete: false };
  // An ignored file is reported nowhere, also where a linted file includes it.
  const findings = new Map([...fixing.findings].filter(([, file]) => file.path === undefined || !isIgnored(file.path)));
  const report = makeReport(io, values, findings, session.shownOf);
  // With --fix-dry-run the diff is the output.
  if (!values['fix-dry-run']) writeOutput(io, values, format, report);
  return exitCodeOf(io, report, failOn, maxWarnings, reading.isIncomplete || skippedLinks || fixing.isIncomplete);
}

/** `--fix` and `--fix-dry-run` exclude each other, and neither takes standard input. */
function checkFixOptions(values: LintValues, inputs: readonly Input[]): void {
  if (values.fix && values['fix-dry-run'])
    throw new UsageError('--fix and --fix-dry-run exclude each other: --fix writes, --fix-dry-run only shows');
  if (values.fix && inputs.some((input) => input.kind === 'stdin'))
    throw new UsageError('--fix rewrites files in place, so it cannot take standard input (-)');
  if (values['fix-dry-run'] && inputs.some((input) => input.kind === 'stdin'))
    throw new UsageError('--fix-dry-run shows what --fix would write to files, so it cannot take standard input (-)');
}

/** The files read, and how to lint them as one set, again after `--fix` changed some. */
interface LintSession {
  readonly sources: readonly Source[];
  readonly cwd: string;
  /** A file's identity: its real path, so a site included through its sites-enabled/ symlink is the sites-available/ file given. */
  readonly fileKey: (path: string) => string;
  /** Texts by real path: what --fix changed is read from here, by the entry files that include it too, also through another name. */
  readonly overlay: Map<string, string>;
  readonly shownOf: ReadonlyMap<string, string>;
  /** Lints the sources (with the overlay's texts) as one configuration set. */
  assemble(): ConfigurationSet;
}

function lintSession(sources: readonly Source[], flags: ReadFlags, cwd: string, progress: Progress, deadline: Deadline): LintSession {
  const fileKey = realPathKeys();
  const keyOf = (source: Source): string => (source.input.path ? fileKey(source.input.path) : source.input.shown);
  const epochSeconds = Math.floor(Date.now() / 1000);
  const overlay = new Map(sources.flatMap((source) => (source.input.path ? [[fileKey(source.input.path), source.text] as const] : [])));
  const disk = diskAccess({
    maxBytes: flags.limits.size,
    roots: includeRoots(
      flags,
      cwd,
      sources.flatMap((source) => (source.input.path ? [source.input.path] : [])),
    ),
  });
  const files: FileAccess = {
    readFile: (path) => overlay.get(fileKey(path)) ?? disk.readFile(path),
    readDirectory: (path) => disk.readDirectory(path),
  };
  const configOf = new Map(sources.map((source) => [keyOf(source), source.config] as const));
  const shownOf = new Map(sources.map((source) => [keyOf(source), source.input.shown] as const));
  let doing = 'reading';
  const assemble = (): ConfigurationSet => {
    const set = assembleSet(
      sources.map((source) => ({
        key: keyOf(source),
        path: source.input.path,
        text: (source.input.path ? overlay.get(fileKey(source.input.path)) : undefined) ?? source.text,
      })),
      {
        files,
        keyOf: fileKey,
        read: { ...flags, epochSeconds, checkpoint: () => deadline(doing) },
        rulesFor: (entry) => configOf.get(entry.key)?.rules,
        checkpoint: (phase, entry, done) => {
          doing = `${phase} ${shownOf.get(entry.key) ?? entry.key}`;
          deadline(doing);
          progress(phase, done);
        },
      },
    );
    progress.clear();
    return set;
  };
  return { sources, cwd, fileKey, overlay, shownOf, assemble };
}

/**
 * `--fix` (writes the files, then lints them again) or `--fix-dry-run` (prints the patch): the
 * findings after the fixes, and whether a file could not be written.
 */
function applyFixes(
  io: CliIo,
  values: LintValues,
  session: LintSession,
  linted: ConfigurationSet,
): { findings: ReadonlyMap<string, FileFindings>; isIncomplete: boolean } {
  const targets = session.sources.flatMap((source) =>
    source.input.kind === 'file' && source.input.path
      ? [
          {
            key: session.fileKey(source.input.path),
            path: source.input.path,
            shown: source.input.shown,
            text: source.text,
            isWritable: source.isWritable,
          },
        ]
      : [],
  );
  const lintWith = (texts: ReadonlyMap<string, string>): ReadonlyMap<string, FileFindings> => {
    for (const [key, text] of texts) session.overlay.set(key, text);
    return session.assemble().findings;
  };
  if (values['fix-dry-run']) {
    const confirmed = confirmFixes(
      targets.filter((target) => target.isWritable),
      linted.findings,
      lintWith,
    );
    io.stdout.write(
      fencedForRunner(
        targets
          .map((target) => {
            const name = oneLine(relativeSlashPath(target.path, session.cwd) ?? target.path);
            return unifiedDiff(`a/${name}`, `b/${name}`, target.text, confirmed.texts.get(target.key) ?? target.text);
          })
          .join(''),
        io.env,
      ),
    );
    return { findings: confirmed.linted, isIncomplete: false };
  }
  const fixed = fixFiles(targets, linted.findings, lintWith, (line) => io.stderr.write(`balancer-lens: ${oneLine(line)}\n`));
  // The set read the overlay, so each file's text is the one now on disk.
  return { findings: fixed.linted, isIncomplete: fixed.unwritten > 0 };
}

/** The report of the findings, for the terminal or for `--output-file`. */
function makeReport(
  io: CliIo,
  values: LintValues,
  findings: ReadonlyMap<string, FileFindings>,
  shownOf: ReadonlyMap<string, string>,
): Report {
  const toTerminal = values['output-file'] === undefined;
  return {
    files: [...findings.values()].map((file) =>
      reportFile(shownOf.get(file.key) ?? showPath(file.path ?? file.key, io.cwd), file.path, file.text, file.diagnostics),
    ),
    cwd: io.cwd,
    colour: toTerminal ? useColour(io, values) : Boolean(values.color),
    width: toTerminal ? terminalWidth(io.env, io.stdout) : undefined,
    hyperlinks: toTerminal && io.stdout.isTTY && io.env['TERM'] !== 'dumb',
    version: version(),
  };
}

/** Prints the report in its format, or writes it to `--output-file`; `--quiet` shows errors only. */
function writeOutput(io: CliIo, values: LintValues, format: Format, report: Report): void {
  const shown: Report = values.quiet
    ? {
        ...report,
        files: report.files.map((file) => ({
          ...file,
          findings: file.findings.filter((finding) => finding.diagnostic.severity === 'error'),
        })),
      }
    : report;
  const outputFile = values['output-file'];
  if (outputFile === undefined) io.stdout.write(render(format, shown));
  else writeReport(resolve(io.cwd, outputFile), outputFile, render(format, shown));
}

/**
 * The exit code: incomplete when a file was not read or an include was cut short by a limit (it
 * leaves files Apache reads unchecked), else findings when one reaches `--fail-on` or the warnings
 * pass `--max-warnings`; every finding counts by its severity, also under `--quiet`.
 */
function exitCodeOf(io: CliIo, report: Report, failOn: Severity, maxWarnings: number | undefined, isIncomplete: boolean): ExitCode {
  const counts = countFindings(report.files);
  const hasTooManyWarnings = maxWarnings !== undefined && counts.warning > maxWarnings;
  if (hasTooManyWarnings) io.stderr.write(`balancer-lens: too many warnings (${counts.warning}; --max-warnings allows ${maxWarnings})\n`);
  const cuts = report.files.flatMap((file) =>
    file.findings.filter((finding) => marksIncomplete(finding.diagnostic)).map((finding) => finding.diagnostic.ruleId),
  );
  const cut = cuts.length;
  if (cut > 0)
    io.stderr.write(
      `balancer-lens: ${cut} include${cut === 1 ? ' was' : 's were'} not read in full (see the ${[...new Set(cuts)].join(', ')} findings)\n`,
    );
  if (isIncomplete || cut > 0) return ExitCode.Incomplete;
  const failing = FAIL_ON[failOn].reduce((total, severity) => total + counts[severity], 0);
  return failing > 0 || hasTooManyWarnings ? ExitCode.Findings : ExitCode.Clean;
}

/**
 * A patch on a GitHub runner: its lines are the configuration's, so one the runner would take for a
 * workflow command (`::add-mask::…` at a line's start, `##[…` anywhere) is fenced by
 * `::stop-commands::TOKEN` … `::TOKEN::`, which turn commands off without changing a line (git apply
 * skips text around the diff). Elsewhere, and with no such line, the patch is printed as it is.
 */
function fencedForRunner(patch: string, env: Readonly<Record<string, string | undefined>>): string {
  if (env['GITHUB_ACTIONS'] !== 'true' || !/^\s*::|##\[/m.test(patch)) return patch;
  const token = randomBytes(16).toString('hex');
  return `::stop-commands::${token}\n${patch}::${token}::\n`;
}

/** `-o FILE`: the report replaces FILE's contents; a file that cannot be written is a usage error (exit 2). */
function writeReport(path: string, shown: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`cannot write the report to ${shown}: ${describe(error)}`);
  }
}

/**
 * Reads the inputs with their configurations. A file that cannot be read, or is binary, is skipped
 * with a line on stderr and makes the run incomplete (exit 2); a bad configuration stops the run.
 */
function readSources(
  io: CliIo,
  inputs: readonly Input[],
  configFor: ConfigLookup,
  maxBytes: number,
  progress: Progress,
  deadline: Deadline,
): { sources: Source[]; isIncomplete: boolean } {
  let isIncomplete = false;
  const sources: Source[] = [];
  const skip = (why: string): void => {
    progress.clear();
    io.stderr.write(`balancer-lens: ${oneLine(why)}, skipped\n`);
    isIncomplete = true;
  };
  for (const [index, input] of inputs.entries()) {
    deadline(`reading ${input.shown}`);
    progress('reading', index);
    const config = configFor(input.path === undefined ? io.cwd : dirname(input.path));
    let read: InputText;
    try {
      read = input.kind === 'stdin' ? readStdin(maxBytes, (chunk) => io.readStdin(chunk)) : readInput(input.path, input.shown, maxBytes);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      skip(error.message);
      continue;
    }
    if (read.isBinary) skip(`${input.shown}: binary file`);
    else sources.push({ input, text: read.text, config, isWritable: input.kind === 'file' && read.isExactUtf8 });
  }
  return { sources, isIncomplete };
}

function render(format: Format, report: Report): string {
  switch (format) {
    case 'stylish':
      return formatStylish(report);
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report);
    case 'github':
      return formatGithub(report);
    case 'gitlab':
      return formatGitlab(report);
    case 'checkstyle':
      return formatCheckstyle(report);
    case 'compact':
      return formatCompact(report);
  }
}

function parseOptions(argv: readonly string[]) {
  return parseCommandLine('lint', argv, {
    format: { type: 'string', short: 'f' },
    'max-warnings': { type: 'string' },
    config: { type: 'string', short: 'c' },
    'stdin-filename': { type: 'string' },
    fix: { type: 'boolean' },
    'fix-dry-run': { type: 'boolean' },
    'fail-on': { type: 'string' },
    rule: { type: 'string', multiple: true },
    'ignore-pattern': { type: 'string', multiple: true },
    'max-time': { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
    'output-file': { type: 'string', short: 'o' },
    'list-rules': { type: 'boolean' },
    'print-config': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    ...COLOUR_OPTIONS,
    ...READ_OPTIONS,
  });
}

/** `--list-rules`: each rule's id, default severity and summary, one a line. */
function listRules(): string {
  const width = Math.max(...RULES.map((rule) => rule.id.length));
  return RULES.map((rule) => `${rule.id.padEnd(width)}  ${rule.severity.padEnd(7)}  ${oneLine(rule.docs.summary)}\n`).join('');
}

/** `--print-config FILE`: what applies to FILE, as JSON: its .balancerlens.json, each rule's effective severity, and the read settings. */
function printConfig(file: string, config: LintConfig, flags: ReadFlags, cwd: string): string {
  const rules = Object.fromEntries(RULES.map((rule) => [rule.id, config.rules[rule.id] ?? rule.severity]));
  const limits = {
    maxSize: flags.limits.size / 1024 / 1024,
    maxIncludes: flags.limits.includes,
    maxDirectoryDepth: flags.limits.directoryDepth,
  };
  const path = resolve(cwd, file);
  return `${JSON.stringify({ file: path, configFile: config.path ?? null, rules, include: config.include ?? null, ignore: config.ignore ?? null, serverRoot: flags.serverRoot ?? null, includeRoots: includeRoots(flags, cwd, [path]), defines: flags.defines, limits }, null, 2)}\n`;
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return 'stylish';
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new UsageError(`unknown format '${value}': use ${FORMATS.slice(0, -1).join(', ')} or ${FORMATS[FORMATS.length - 1]}`);
}

/** The severities each `--fail-on` threshold fails on. */
const FAIL_ON: Record<Severity, readonly Severity[]> = {
  error: ['error'],
  warning: ['error', 'warning'],
  info: ['error', 'warning', 'info'],
};

function parseFailOn(value: string | undefined): Severity {
  if (value === undefined) return 'error';
  const severity = value === 'warn' ? 'warning' : value;
  if (severity === 'error' || severity === 'warning' || severity === 'info') return severity;
  throw new UsageError(`--fail-on takes error, warning or info, not '${value}'`);
}

/** `--rule ID:SEVERITY`, each over the last: the severities to set. */
function parseRules(values: readonly string[]): Readonly<Record<string, SeveritySetting>> {
  const ids: readonly string[] = RULES.map((rule) => rule.id);
  const settings: Record<string, SeveritySetting> = {};
  for (const value of values) {
    const match = /^\s*([^:\s]+)\s*:\s*(\S+)\s*$/.exec(value);
    if (!match) throw new UsageError(`--rule takes ID:SEVERITY such as zero-loadfactor:warning, not '${value}'`);
    const [, id, written] = match as unknown as [string, string, string];
    if (!ids.includes(id)) {
      const suggestion = suggestFrom(id, ids);
      throw new UsageError(
        `--rule: unknown rule id '${id}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}: --list-rules lists them`,
      );
    }
    const severity = written === 'warn' ? 'warning' : written;
    if (severity !== 'off' && severity !== 'info' && severity !== 'warning' && severity !== 'error')
      throw new UsageError(`--rule ${id}: the severity must be off, info, warning or error, not '${written}'`);
    settings[id] = severity;
  }
  return settings;
}

/** The configurations with `--rule`'s severities over theirs. */
function withRules(lookup: ConfigLookup, settings: Readonly<Record<string, SeveritySetting>>): ConfigLookup {
  if (Object.keys(settings).length === 0) return lookup;
  const cache = new Map<LintConfig, LintConfig>();
  return (directory) => {
    const config = lookup(directory);
    let ruled = cache.get(config);
    if (!ruled) cache.set(config, (ruled = { ...config, rules: { ...config.rules, ...settings } }));
    return ruled;
  };
}

function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  throw new UsageError(`--max-warnings takes a whole number of warnings such as 0, not '${value}'`);
}

/** Stops the run once `--max-time` has passed; called between files and inside each one's work, with what is being done. */
type Deadline = (doing: string) => void;

/**
 * `--max-time SECONDS`, counted from the start of the run (of the process, for the real CLI). Checked between files, every
 * thousand lines read, before each included file and each rule, so a run ends soon after it, even
 * in one huge file; nothing is reported, because
 * findings from part of a configuration can be wrong (a balancer defined in a file not yet read).
 */
function deadlineOf(io: CliIo, seconds: number | undefined, progress: Progress): Deadline {
  if (seconds === undefined) return () => undefined;
  return (doing) => {
    if (io.now() <= seconds * 1000) return;
    progress.clear();
    throw new UsageError(`--max-time ${seconds} ran out while ${doing}: stopped, and nothing is reported`);
  };
}

function parseMaxTime(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0) return Number(value);
  throw new UsageError(`--max-time takes a number of seconds such as 60 or 0.5, not '${value}'`);
}

/** A `\r`-rewritten line on stderr while many files are read and analysed, on a terminal only. */
/** Shows how far reading or analysing has come; `clear` removes the line before anything else is written. */
type Progress = ((phase: string, done: number) => void) & { clear(): void };

function progressLine(stderr: Output, total: number): Progress {
  const isShown = total > PROGRESS_THRESHOLD && stderr.isTTY;
  let isVisible = false;
  const step = Math.max(1, Math.floor(total / 100));
  const show = (phase: string, done: number): void => {
    if (!isShown || (done % step !== 0 && done + 1 !== total)) return;
    stderr.write(`\r\x1b[2Kbalancer-lens: ${phase} ${done + 1}/${total} files…`);
    isVisible = true;
  };
  return Object.assign(show, {
    clear(): void {
      if (isVisible) stderr.write('\r\x1b[2K');
      isVisible = false;
    },
  });
}

/** `balancer-lens schedule`: each balancer's schedule and shares, as text or as the JSON contract. */
import { isRefusal } from '../core/preview-facts';
import { bar, percent } from '../core/features/share-text';
import { balancerReport, BalancerReport, DEFAULT_PICK_CAP } from '../core/reports/schedule-report';
import { scheduleHtml } from '../core/reports/schedule-html';
import { scheduleSvg } from '../core/reports/svg';
import { fileAt, fileText, Locate } from '../core/files';
import { thousands } from '../core/thousands';
import { LineIndex } from '../core/positions';
import { memberLetter } from '../core/scheduler/letters';
import { BalancerPreview, describeIdle, previewWhatIf, refusalSentence, unseenSentence, WhatIf } from '../core/scheduler/preview';
import type { Member } from '../core/model/model';
import { STATUS_BITS } from '../core/model/params';
import type { Span } from '../core/span';
import type { SourceFile } from '../core/syntax/tree';
import { readSet } from './read-set';
import { CliIo, COLOUR_HELP, COLOUR_OPTIONS, ExitCode, UsageError, useColour } from './io';
import { cutWords, terminalWidth, wrap } from './fit';
import { inertJson, oneLine } from './one-line';
import { EXT_HELP, LIMITS_HELP, READ_OPTIONS, VARIABLES_HELP } from './read-options';
import { didYouMean, parseCommandLine } from './usage';

const MAX_PICKS = 1_000_000;

/** The output formats of `schedule`; public API. */
const SCHEDULE_FORMATS = ['text', 'json', 'svg', 'html'] as const;
type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

/** The help of `balancer-lens schedule --help`. */
export const SCHEDULE_USAGE = `usage: balancer-lens schedule [PATH|DIR|GLOB]... [options]
       balancer-lens schedule - [options]

Prints each balancer's byrequests schedule: its members' shares of the requests and the first picks,
as Apache's scheduler would make them. The paths are read as lint reads them, as one set (a balancer
in conf.d/, its ProxyPass in sites/); no path: the current directory; - reads standard input (its
includes are not followed).

options:
      --balancer NAME     only this balancer (balancer://NAME or NAME)
      --picks N           how many picks to show (default: one cycle, at most ${DEFAULT_PICK_CAP}; up to ${thousands(MAX_PICKS)})
      --down URL          as if the member URL were down (repeatable); it must name a member of the
                          balancers shown, and is labelled "taken down (--down)"
      --drain URL         as if the member were draining (status N: sticky sessions only; repeatable)
      --up URL            as if the member were back in service (its D, S, N, E and C cleared; repeatable)
  -f, --format FORMAT     text (default), json, svg (a chart of shares and first picks, for a README
                          or a pull request) or html (one self-contained page)
${COLOUR_HELP}
      --server-root DIR   where relative Include paths start unless the configuration sets ServerRoot
${EXT_HELP}
${VARIABLES_HELP}
${LIMITS_HELP}
  -h, --help              show this help

exit codes: 0 the schedule is shown, 1 Apache would refuse this configuration, 2 bad flag, unreadable
file or an include a limit cut short, 3 internal error`;

/** Runs the command; returns the exit code. */
export function runSchedule(io: CliIo, argv: readonly string[]): ExitCode {
  const { values, positionals } = parseCommandLine('schedule', argv, {
    balancer: { type: 'string' },
    picks: { type: 'string' },
    format: { type: 'string', short: 'f' },
    down: { type: 'string', multiple: true },
    drain: { type: 'string', multiple: true },
    up: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
    ...COLOUR_OPTIONS,
    ...READ_OPTIONS,
  });
  if (values.help) {
    io.stdout.write(`${SCHEDULE_USAGE}\n`);
    return ExitCode.Clean;
  }
  if (positionals.includes('-') && positionals.length > 1)
    throw new UsageError('schedule reads standard input (-) alone, not with other paths (balancer-lens schedule --help)');
  // No path is the current folder, as for lint.
  const paths = positionals.length > 0 ? positionals : ['.'];
  const file = paths.join(' ');
  const format = values.format ?? 'text';
  if (!SCHEDULE_FORMATS.includes(format as ScheduleFormat))
    throw new UsageError(`unknown format '${format}': use ${SCHEDULE_FORMATS.join(', ')}`);
  const picks = values.picks === undefined ? undefined : Number(values.picks);
  if (picks !== undefined && !(/^\d+$/.test(values.picks!) && picks <= MAX_PICKS)) {
    throw new UsageError(`--picks takes a whole number from 0 to ${MAX_PICKS}, not '${values.picks}'`);
  }
  // The files are one set: the same reading and assembly as lint and the editor, so refusals match theirs.
  const read = readSet(io, paths, values);
  const isStdin = file === '-';
  // Each file as given or found; an included file relative to the current directory when inside it, else absolute.
  const configurations = read.set.configurations.map((configuration) => {
    const { analysis, diagnostics } = configuration;
    const locate = read.locate(configuration, file);
    return { analysis, diagnostics, locate, place: placer(analysis.tree.text, analysis.tree.files, locate) };
  });
  // A balancer a configuration only names, whose members another one holds, is that one's (as in diff).
  const candidates = configurations.flatMap((configuration) =>
    configuration.analysis.previews.filter((preview) => !preview.unseen?.elsewhere).map((preview) => ({ preview, configuration })),
  );
  const selected = selectBalancers(candidates, values.balancer, isStdin ? 'standard input' : file);
  const whatIfs = whatIfFlags(values);
  checkWhatIfs(
    selected.map(({ preview }) => preview),
    whatIfs,
  );
  const reports = selected.map(({ preview, configuration }) => {
    const shown = withWhatIfs(preview, whatIfs);
    return { preview: shown, report: balancerReport(shown, configuration.locate, picks) };
  });
  const refusals = configurations.flatMap(({ diagnostics, place }) => diagnostics.filter(isRefusal).map(place));
  const templates = configurations.flatMap(({ diagnostics, place }) =>
    diagnostics.filter((diagnostic) => diagnostic.ruleId === 'template-syntax').map(place),
  );
  const shown = isStdin ? 'standard input' : file;
  if (format === 'json')
    io.stdout.write(
      `${inertJson(JSON.stringify({ balancers: reports.map(({ report }) => report), errors: refusals, templates: templates.map(placedJson) }))}\n`,
    );
  else if (format === 'svg')
    io.stdout.write(
      scheduleSvg(
        reports.map(({ report }) => report),
        shown,
      ),
    );
  else if (format === 'html')
    io.stdout.write(
      scheduleHtml(
        reports.map(({ report }) => report),
        shown,
      ),
    );
  else {
    const style = { colour: useColour(io, values), width: terminalWidth(io.env, io.stdout) };
    io.stdout.write(`${renderAll(reports, refusals, templates, file, picks === undefined, style, whatIfs)}\n`);
  }
  const problems = (kind: string): Placed[] =>
    configurations.flatMap(({ analysis, place }) => analysis.tree.diagnostics.filter((problem) => problem.problem === kind).map(place));
  // Includes outside the include roots are said, as lint's info findings are; they do not fail the run.
  for (const problem of problems('include-outside-roots'))
    io.stderr.write(`balancer-lens: note: ${oneLine(problem.file)}:${problem.line}:${problem.column}: ${oneLine(problem.message)}\n`);
  // A value Apache refuses unless its environment sets a variable: lint warns; the schedule takes the parameter's default.
  const unset = configurations.flatMap(({ diagnostics, place }) =>
    diagnostics.filter((diagnostic) => diagnostic.ruleId === 'refused-if-unset').map(place),
  );
  for (const finding of unset)
    io.stderr.write(
      `balancer-lens: note: ${oneLine(finding.file)}:${finding.line}:${finding.column}: ${oneLine(finding.message)} (shown as if it were not written)\n`,
    );
  // Includes a limit cut short: the schedule may miss members, so say where, and exit 2.
  const cut = problems('include-limit');
  for (const problem of cut)
    io.stderr.write(`balancer-lens: ${oneLine(problem.file)}:${problem.line}:${problem.column}: ${oneLine(problem.message)}\n`);
  if (cut.length > 0) return ExitCode.Incomplete;
  // Apache would not start with this configuration: the schedule is not what it would run.
  return refusals.length > 0 ? ExitCode.Findings : ExitCode.Clean;
}

/** Places problems at their file, line and column, one line index per file however many problems there are. */
function placer(text: string, files: readonly SourceFile[], locate: Locate): (problem: { span: Span; message: string }) => Placed {
  const indexes = new Map<SourceFile, LineIndex>();
  return (problem) => {
    const source = fileAt(files, problem.span.start);
    let index = indexes.get(source);
    if (!index) indexes.set(source, (index = new LineIndex(fileText(text, source))));
    const at = index.position(problem.span.start - source.start);
    return { file: locate(problem.span.start).file, line: at.line + 1, column: at.character + 1, message: problem.message };
  };
}

/** A placed problem as the JSON has it. */
function placedJson(placed: Placed): { file: string; line: number; message: string } {
  return { file: placed.file, line: placed.line, message: placed.message };
}

/** A problem at a 1-based line and column of the file it is in. */
interface Placed {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** How the text is shown: in colour or not, and fitted to a terminal's width (undefined: not a terminal, nothing is wrapped or cut). */
interface TextStyle {
  readonly colour: boolean;
  readonly width: number | undefined;
}

/** `head` then `body` wrapped to the width, its continuation lines indented by `indent` spaces; `paint` colours each piece of the body. */
function fitted(
  head: string,
  body: string,
  width: number | undefined,
  indent = head.length,
  paint = (text: string): string => text,
): string[] {
  const [first = '', ...rest] = wrap(body, width === undefined ? undefined : width - indent);
  return [head + paint(first), ...rest.map((line) => ' '.repeat(indent) + paint(line))];
}

/** The text format: each balancer, then what Apache refuses (the first five). */
function renderAll(
  reports: readonly { preview: BalancerPreview; report: BalancerReport }[],
  refusals: readonly Placed[],
  templates: readonly Placed[],
  file: string,
  defaultPicks: boolean,
  style: TextStyle,
  whatIfs: readonly UrlWhatIf[],
): string {
  // An unrendered template's schedule is not the rendered file's: said first, as lint says it.
  const out = templates.map((template) => fitted('', `${template.file}:${template.line}: ${template.message}`, style.width, 2).join('\n'));
  out.push(...reports.map(({ preview, report }) => renderText(preview, report, defaultPicks, style, whatIfs)));
  if (reports.length === 0) out.push(`no balancers in ${file}`);
  for (const refusal of refusals.slice(0, 5))
    out.push(
      fitted(
        '',
        `note: Apache refuses this configuration: ${refusal.file}:${refusal.line}:${refusal.column}: ${refusal.message}`,
        style.width,
        2,
      ).join('\n'),
    );
  return out.join('\n\n');
}

function selectBalancers<T extends { readonly preview: BalancerPreview }>(
  candidates: readonly T[],
  wanted: string | undefined,
  file: string,
): readonly T[] {
  if (wanted === undefined) return candidates;
  const name = (wanted.toLowerCase().startsWith('balancer://') ? wanted : `balancer://${wanted}`)
    .toLowerCase()
    .replace(/^(balancer:\/\/[^/]*).*$/, '$1');
  const found = candidates.filter(({ preview }) => preview.balancer.name === name);
  if (found.length === 0) {
    const known = candidates.map(({ preview }) => preview.balancer.name);
    throw new UsageError(`no balancer named ${name} in ${file}${known.length > 0 ? ` (found: ${known.join(', ')})` : ''}`);
  }
  return found;
}

/** A what-if flag: `--down`, `--drain` or `--up` and the member URL it names. */
interface UrlWhatIf {
  readonly action: WhatIf;
  readonly url: string;
}

/** The what-if flags in the order given, each group in turn (a later flag for the same member wins). */
function whatIfFlags(values: { down?: string[]; drain?: string[]; up?: string[] }): UrlWhatIf[] {
  return [
    ...(values.down ?? []).map((url) => ({ action: 'down' as const, url })),
    ...(values.drain ?? []).map((url) => ({ action: 'drain' as const, url })),
    ...(values.up ?? []).map((url) => ({ action: 'up' as const, url })),
  ];
}

/** Whether a what-if names this member: by its URL as written, or by its name. */
function names(member: Member, url: string): boolean {
  return url === member.url || url.toLowerCase() === member.name;
}

/** The what-if a member is under, if any. */
function whatIfOf(member: Member, whatIfs: readonly UrlWhatIf[]): WhatIf | undefined {
  let found: WhatIf | undefined;
  for (const whatIf of whatIfs) if (names(member, whatIf.url)) found = whatIf.action;
  return found;
}

/** Every what-if URL must name a member of a balancer shown: a typo would otherwise show the schedule unchanged. */
function checkWhatIfs(previews: readonly BalancerPreview[], whatIfs: readonly UrlWhatIf[]): void {
  const members = previews.flatMap((preview) => preview.balancer.members);
  for (const { action, url } of whatIfs) {
    if (members.some((member) => names(member, url))) continue;
    const urls = [...new Set(members.map((member) => member.url))];
    const suggestion = didYouMean(url, urls);
    const listed = urls.length === 0 ? 'there are no members' : `members: ${urls.slice(0, 5).join(', ')}${urls.length > 5 ? ', …' : ''}`;
    throw new UsageError(
      `--${action} ${url} names no member of ${previews.length === 1 ? previews[0]!.balancer.name : 'the balancers shown'}${suggestion} (${listed})`,
    );
  }
}

/** `--down`, `--drain`, `--up`: the schedule with those members changed, as the editor's what-ifs change it. */
function withWhatIfs(preview: BalancerPreview, whatIfs: readonly UrlWhatIf[]): BalancerPreview {
  if (whatIfs.length === 0) return preview;
  const changes = new Map<number, WhatIf>();
  preview.balancer.members.forEach((member, index) => {
    const action = whatIfOf(member, whatIfs);
    if (action) changes.set(index, action);
  });
  return changes.size > 0 ? previewWhatIf(preview, changes) : preview;
}

function renderText(
  preview: BalancerPreview,
  report: BalancerReport,
  defaultPicks: boolean,
  style: TextStyle,
  whatIfs: readonly UrlWhatIf[],
): string {
  const { colour, width: columns } = style;
  const { balancer, schedule } = preview;
  const paint = (code: string, value: string): string => (colour ? `\u001b[${code}m${value}\u001b[0m` : value);
  const out: string[] = [];
  const scope = balancer.scope.kind === 'vhost' ? `  (virtual host at line ${report.scope.slice('vhost:'.length)})` : '';
  const [name = '', ...where] = wrap(`${balancer.name}  ${report.file}:${report.line}  ${preview.lbmethod}${scope}`, columns);
  out.push(name.startsWith(`${balancer.name} `) ? paint('1', balancer.name) + name.slice(balancer.name.length) : name, ...where);
  if (preview.refusal) {
    out.push(...fitted('  ', refusalSentence(preview.refusal), columns, 4, (line) => paint('31', line)));
    balancer.members.forEach((member, index) => {
      const refused = preview.refusedMembers?.get(index);
      out.push(`  ${memberLetter(index).padEnd(2)} ${member.url}${refused ? `  ${paint('31', `refused (${refused.where})`)}` : ''}`);
    });
    return out.join('\n');
  }
  if (preview.unseen) {
    out.push(...fitted('  ', unseenSentence(balancer.name, preview.unseen), columns, 4));
    return out.join('\n');
  }
  if (balancer.members.length === 0) out.push('  no members: every request gets 503 (AH01171)');
  else if (schedule.tier === undefined) out.push('  no usable member: every request gets 503 (AH01170)');
  else if (preview.simulated)
    out.push(
      `  lbset ${schedule.tier} serves every request · cycle of ${schedule.cycleLength} pick${schedule.cycleLength === 1 ? '' : 's'}`,
    );
  const width = balancer.members.reduce((widest, member) => Math.max(widest, member.url.length), 0);
  const unit = schedule.cycleLength > 0 ? schedule.total / schedule.cycleLength : 1;
  balancer.members.forEach((member, index) => {
    const plan = schedule.members[index]!;
    const head = `  ${memberLetter(index).padEnd(2)} ${member.url.padEnd(width)}  `;
    const role = plan.role === 'regular' ? '' : ` (${plan.role})`;
    const whatIf = whatIfOf(member, whatIfs);
    const isTakenDown = plan.idle === 'disabled' && whatIf === 'down' && (member.params.status & STATUS_BITS.D) === 0;
    const isDrained = plan.idle === 'draining' && whatIf === 'drain' && (member.params.status & STATUS_BITS.N) === 0;
    if (plan.idle !== undefined)
      out.push(
        ...fitted(
          `${head}  0.0%  `,
          isTakenDown
            ? 'taken down (--down)'
            : isDrained
              ? 'drained (--drain)'
              : describeIdle(plan.idle, member, schedule.tier, schedule.tierNeverRunsOut),
          columns,
          head.length + 8,
          (line) => paint('2', line),
        ),
      );
    else if (preview.simulated)
      out.push(
        `${head}${percent(plan.share).padStart(6)}  ${paint('32', bar(plan.share))}  ${member.params.lbfactor / unit} of every ${schedule.cycleLength}${role}`,
      );
    else out.push(`${head}candidate${role}`);
  });
  if (report.picks.length > 0) {
    // The first member of each URL, found once: a search per pick is slow for --picks 1000000 on a big balancer.
    const positions = new Map<string, number>();
    balancer.members.forEach((member, index) => {
      if (!positions.has(member.url)) positions.set(member.url, index);
    });
    const letters = report.picks.map((url) => {
      const position = url === null ? undefined : positions.get(url);
      return position === undefined ? '503' : memberLetter(position);
    });
    if (defaultPicks && schedule.cycleLength > DEFAULT_PICK_CAP) letters.push('…');
    // On a terminal the picks are cut to its width with `…`; the whole sequence is in --format json.
    const head = '  picks  ';
    out.push(
      head +
        cutWords(letters, columns === undefined ? undefined : columns - head.length, (word) => (word === '503' ? paint('31', word) : word)),
    );
  }
  for (const note of preview.notes) out.push(...fitted('  ', note, columns, 4, (line) => paint('2', line)));
  return out.join('\n');
}

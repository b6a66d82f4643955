/** Hover: the schedule of a balancer, a member's share and role, a parameter's meaning and parsed value, a macro's expansion. */
import type { Analysis } from '../analysis';
import { fileAt, locator } from '../files';
import { strtod } from '../model/cvalues';
import type { Member, MemberDeclaration, Parameter } from '../model/model';
import { loadfactorToLbfactor, parseStatus, statusLetters } from '../model/params';
import { memberLetter } from '../scheduler/letters';
import { BalancerPreview, describeIdle, failover, lowerTiers, previewPicks, refusalSentence, unseenSentence } from '../scheduler/preview';
import type { Span } from '../span';
import type { Directive } from '../syntax/tree';
import { stepsNamed } from '../syntax/named';
import { bar, factor, loadfactorText, percent, plural, shortIdle } from './share-text';
import { targetAt } from './locate';
import { directiveNameHover } from './directive-hover';
import { codeSpan, escapeMarkdown } from '../markup';
import { parameterDoc, STATUS_DOCS } from './parameter-docs';
import { requestHover } from './request-hover';

/** Markdown for the hover and the span it describes. */
export interface HoverResult {
  readonly markdown: string;
  readonly span: Span;
}

/** How much a preview shows. */
export interface HoverOptions {
  /** Picks shown in the schedule line (one cycle when shorter). */
  readonly picks: number;
}

/** Cycles up to this length are enumerated to find a member's longest gap… */
const GAP_CYCLE = 100_000;
/** …when a cycle's picks times its candidates stays under this: each pick looks at every candidate. */
const GAP_WORK = 5_000_000;
/** Rows of the member and failure tables, and members named per failure row: a hover stays readable and small for any balancer. */
const TABLE_ROWS = 100;
const FAILURE_ROWS = 20;
/** Failure rows times members stays under this: each row reads the serving lbset's members again. */
const FAILURE_WORK = 400_000;
const TAKERS = 20;
/** Lines of a macro expansion shown: the rest is counted. */
const EXPANSION_LINES = 30;

/** The hover at `offset`, if anything there can be described; on a `Use` line, its expansion comes first. */
export function hover(analysis: Analysis, offset: number, options: HoverOptions): HoverResult | undefined {
  const use = useAt(analysis, offset);
  const described = withRequests(requestHover(analysis, offset), targetHover(analysis, offset, options));
  if (!use) return withDirectiveName(analysis, offset, described);
  const markdown = expansionHover(analysis, use);
  return { markdown: described ? `${markdown}\n\n---\n\n${described.markdown}` : markdown, span: use.span };
}

/** A request-mapping line's examples first, then what the word under the cursor is (its span, the smaller). */
function withRequests(requests: HoverResult | undefined, described: HoverResult | undefined): HoverResult | undefined {
  if (!requests || !described) return requests ?? described;
  return { markdown: `${requests.markdown}\n\n---\n\n${described.markdown}`, span: described.span };
}

/** On a directive's name, what the line describes (if anything) with the directive's manual line at the foot, so the schedule stays on top. */
function withDirectiveName(analysis: Analysis, offset: number, described: HoverResult | undefined): HoverResult | undefined {
  const named = directiveNameHover(analysis, offset);
  if (!named) return described;
  return described ? { markdown: `${described.markdown}\n\n${named.markdown}`, span: described.span } : named;
}

function targetHover(analysis: Analysis, offset: number, options: HoverOptions): HoverResult | undefined {
  const target = targetAt(analysis, offset);
  if (!target) return undefined;
  switch (target.kind) {
    case 'balancer':
      return { markdown: balancerHover(target.preview, options), span: target.span };
    case 'member':
      return { markdown: memberHover(target.preview, target.index), span: target.span };
    case 'parameter':
      return { markdown: parameterHover(target.parameter, target.member), span: target.span };
  }
}

/** The name `Use` lines are indexed by. */
const USE = ['use'];

/** The outermost expanded `Use` line at `offset` (the lines of its expansion, nested `Use` included, share its span). */
function useAt(analysis: Analysis, offset: number): Directive | undefined {
  let found: Directive | undefined;
  // The walk's `Use` lines, from the index the rules share, not a walk of every line per hover.
  for (const step of stepsNamed(analysis.tree.nodes, USE)) {
    if (step.kind !== 'directive' || !step.directive.expansion) continue;
    const { span } = step.directive;
    if (offset < span.start || offset > span.end) continue;
    if (!found || span.end - span.start < found.span.end - found.span.start) found = step.directive;
  }
  return found;
}

/** The macro a `Use` line names, where it is defined, and the lines Apache reads in its place. */
function expansionHover(analysis: Analysis, use: Directive): string {
  const { macro, defined, lines } = use.expansion!;
  const { files, text } = analysis.tree;
  const where = locator(text, files, (file) => file.path)(defined.start);
  const place = fileAt(files, defined.start) === fileAt(files, use.span.start) ? `line ${where.line}` : `${where.file}:${where.line}`;
  const shown = lines.slice(0, EXPANSION_LINES);
  // A fence longer than any run of backticks in the lines, which would otherwise end it.
  const longestRun = shown.reduce(
    (longest, line) => (line.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), longest),
    0,
  );
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const out = [
    `**Use ${escapeMarkdown(macro)}** · macro defined on ${escapeMarkdown(place)} · ${plural(lines.length, 'line')}`,
    '',
    `${fence}apache`,
  ];
  out.push(...shown, fence);
  if (lines.length > EXPANSION_LINES) out.push(`… ${lines.length - EXPANSION_LINES} more`);
  return out.join('\n');
}

/**
 * Balancer hovers made, by preview and picks: an editor asks again as the pointer rests on the name
 * or moves along it, and a preview (part of an analysis) never changes.
 */
const balancerHovers = new WeakMap<BalancerPreview, Map<number, string>>();

/** The schedule preview of a balancer, as markdown. */
export function balancerHover(preview: BalancerPreview, options: HoverOptions): string {
  let made = balancerHovers.get(preview);
  if (!made) balancerHovers.set(preview, (made = new Map()));
  let markdown = made.get(options.picks);
  if (markdown === undefined) made.set(options.picks, (markdown = balancerMarkdown(preview, options)));
  return markdown;
}

function balancerMarkdown(preview: BalancerPreview, options: HoverOptions): string {
  const { balancer, schedule } = preview;
  const members = balancer.members;
  const out: string[] = [];
  const scope = balancer.scope.kind === 'vhost' ? ' · virtual host' : '';
  if (preview.unseen?.elsewhere)
    return [
      `_${escapeMarkdown(unseenSentence(balancer.name, preview.unseen))}_`,
      '',
      balancerHover(preview.unseen.elsewhere.preview, options),
    ].join('\n');
  if (preview.unseen)
    return [
      `**${escapeMarkdown(balancer.name)}**${scope} · not found`,
      '',
      escapeMarkdown(unseenSentence(balancer.name, preview.unseen)),
    ].join('\n');
  const summary = [`**${escapeMarkdown(balancer.name)}**`, escapeMarkdown(preview.lbmethod) + scope, plural(members.length, 'member')];
  if (!preview.refusal && members.length > 0 && schedule.tier !== undefined && preview.simulated)
    summary.push(`lbset ${schedule.tier}`, `cycle of ${plural(schedule.cycleLength, 'request')}`);
  out.push(summary.join(' · '));
  if (preview.refusal) {
    out.push('', `**${escapeMarkdown(refusalSentence(preview.refusal))}**`);
    const refused = [...(preview.refusedMembers ?? [])].slice(0, TABLE_ROWS);
    if (refused.length > 0)
      out.push(
        '',
        ...refused.map(
          ([index, refusal]) =>
            `- ${memberLetter(index)} ${escapeMarkdown(members[index]!.url)}: refused (${escapeMarkdown(refusal.where)}: ${escapeMarkdown(refusal.message)})`,
        ),
      );
    return out.join('\n');
  }
  if (members.length === 0) {
    out.push('', 'No members: every request gets **503** (AH01171 "No workers in balancer").');
    return out.join('\n');
  }
  if (schedule.tier === undefined) out.push('', 'No member can take a request: every request gets **503** (AH01170).');
  out.push('', '| | member | loadfactor | share | |', '|---|---|---:|---:|---|');
  members.slice(0, TABLE_ROWS).forEach((member, index) => {
    const plan = schedule.members[index]!;
    const detail = plan.idle
      ? escapeMarkdown(shortIdle(plan.idle, member.params.lbset, schedule.tier, schedule.tierNeverRunsOut))
      : preview.simulated
        ? `${bar(plan.share, 12)}${plan.role === 'regular' ? '' : ` ${plan.role}`}`
        : plan.role;
    const share = plan.idle ? '0%' : preview.simulated ? percent(plan.share) : '—';
    out.push(
      `| ${memberLetter(index)} | ${escapeMarkdown(member.url)} | ${escapeMarkdown(loadfactorText(member))} | ${share} | ${detail} |`,
    );
  });
  if (members.length > TABLE_ROWS) out.push(`| | … and ${members.length - TABLE_ROWS} more members | | | |`);
  if (preview.simulated && schedule.tier !== undefined) {
    const count = Math.min(options.picks, schedule.cycleLength);
    const letters = previewPicks(preview, count).map((member) => (member ? memberLetter(members.indexOf(member)) : '503'));
    out.push('', `**first picks** \`${letters.join(' ')}${count < schedule.cycleLength ? ' …' : ''}\``);
  }
  const whatIf = [...failureList(preview), ...tierList(preview)];
  if (whatIf.length > 0) out.push('', '**if a member fails**', '', ...whatIf);
  // One list item per note, set apart from the failure list: lines of emphasis in a row would run together as one paragraph.
  if (preview.notes.length > 0) out.push('', '---', '', ...preview.notes.map((note) => `- _${escapeMarkdown(note)}_`));
  return out.join('\n');
}

/** For each member that takes requests (the first few in a big balancer): who takes over when it fails. */
function failureList(preview: BalancerPreview): string[] {
  const { balancer, schedule } = preview;
  if (!preview.simulated || schedule.tier === undefined) return [];
  const rows: string[] = [];
  // Each row reads the serving members again: a row per member of 100,000 would be quadratic.
  const shown = Math.max(1, Math.min(FAILURE_ROWS, Math.floor(FAILURE_WORK / balancer.members.length)));
  for (const index of schedule.candidates.slice(0, shown)) {
    const after = failover(preview, index, TAKERS);
    let outcome: string;
    if (after.tier === undefined) outcome = 'nobody: every request gets **503**';
    else {
      const takers = after.takers.map(
        (taker) => `${memberLetter(taker.index)} ${percent(taker.share)}${taker.role === 'regular' ? '' : ` (${taker.role})`}`,
      );
      if (after.candidates > TAKERS) takers.push(`… ${after.candidates - TAKERS} more`);
      const tierChange = after.tier !== schedule.tier ? `lbset ${after.tier}: ` : '';
      outcome = tierChange + takers.join(', ');
    }
    rows.push(`- ${memberLetter(index)} down → ${outcome}`);
  }
  if (schedule.candidates.length > shown) rows.push(`- … and ${plural(schedule.candidates.length - shown, 'more member')}`);
  return rows;
}

/** When each higher lbset takes over: a failover tier once the lower ones have no usable member, or never. */
function tierList(preview: BalancerPreview): string[] {
  const { balancer, schedule } = preview;
  const tier = schedule.tier;
  if (tier === undefined) return [];
  const byLbset = new Map<number, string[]>();
  balancer.members.forEach((member, index) => {
    if (schedule.members[index]!.idle !== 'shadowed-by-lbset') return;
    const letters = byLbset.get(member.params.lbset);
    if (letters) letters.push(memberLetter(index));
    else byLbset.set(member.params.lbset, [memberLetter(index)]);
  });
  return [...byLbset]
    .sort(([a], [b]) => a - b)
    .slice(0, FAILURE_ROWS)
    .map(([lbset, letters]) => {
      const who = `lbset ${lbset} (${letters.slice(0, TAKERS).join(', ')}${letters.length > TAKERS ? ', …' : ''})`;
      return schedule.tierNeverRunsOut
        ? `- ${who} never takes over: lbset ${tier} never runs out (status I)`
        : `- ${who} takes over when ${lowerTiers(lbset, tier)} no usable member`;
    });
}

/** A member's share, cadence, role and the reason for it. */
export function memberHover(preview: BalancerPreview, index: number): string {
  const { balancer, schedule } = preview;
  const member = balancer.members[index]!;
  const plan = schedule.members[index]!;
  const out = [`**${memberLetter(index)} · ${escapeMarkdown(member.url)}** in ${escapeMarkdown(balancer.name)}`, ''];
  out.push(
    `loadfactor ${escapeMarkdown(loadfactorText(member))} · lbset ${member.params.lbset}${member.params.status ? ` · status ${statusLetters(member.params.status)}` : ''}${member.params.route ? ` · route ${escapeMarkdown(member.params.route)}` : ''}`,
  );
  out.push('');
  const refused = preview.refusedMembers?.get(index);
  if (refused) {
    out.push(
      `**refused** — Apache refuses this member (${escapeMarkdown(refused.where)}: ${escapeMarkdown(refused.message)}): it gets no share`,
    );
  } else if (preview.refusal) {
    out.push(`**no share** — ${escapeMarkdown(refusalSentence(preview.refusal))}`);
  } else if (plan.idle) {
    out.push(`**0%** — ${escapeMarkdown(describeIdle(plan.idle, member, schedule.tier, schedule.tierNeverRunsOut))}`);
  } else if (!preview.simulated) {
    out.push(`a candidate of ${escapeMarkdown(preview.lbmethod)}, which has no fixed order to preview`);
  } else {
    const unit = schedule.total / schedule.cycleLength;
    const perCycle = member.params.lbfactor / unit;
    out.push(
      `**${percent(plan.share)}** of requests — ${perCycle} of every ${schedule.cycleLength}${plan.role === 'regular' ? '' : ` (${plan.role} standing in)`}`,
    );
    if (schedule.cycleLength <= GAP_CYCLE && schedule.cycleLength * schedule.candidates.length <= GAP_WORK)
      out.push('', `longest gap between two of its requests: ${plural(longestGap(preview, index), 'request')}`);
  }
  if (member.sharedBy.length > 0)
    out.push(
      '',
      `also declared by ${member.sharedBy.length} later line${member.sharedBy.length === 1 ? '' : 's'} whose parameters Apache ignores (AH01150)`,
    );
  return out.join('\n');
}

/**
 * Each member's longest run of requests that go elsewhere, by preview: found for every member in
 * one enumeration, which hovering one member after another would otherwise repeat. The picks repeat
 * every cycle (every lbstatus is back at 0), so one cycle tells the gaps within it and the gap from
 * a member's last pick to its first in the next.
 */
const longestGaps = new WeakMap<BalancerPreview, readonly number[]>();

function longestGap(preview: BalancerPreview, index: number): number {
  let gaps = longestGaps.get(preview);
  if (!gaps) {
    const members = preview.balancer.members;
    const cycle = preview.schedule.cycleLength;
    const indexOf = new Map(members.map((member, at) => [member, at]));
    const longest = new Array<number>(members.length).fill(0);
    const first = new Array<number>(members.length).fill(-1);
    const last = new Array<number>(members.length).fill(-1);
    previewPicks(preview, cycle).forEach((pick, position) => {
      const at = pick && indexOf.get(pick);
      if (at === undefined) return;
      if (last[at]! >= 0) longest[at] = Math.max(longest[at]!, position - last[at]! - 1);
      else first[at] = position;
      last[at] = position;
    });
    first.forEach((position, at) => {
      if (position >= 0) longest[at] = Math.max(longest[at]!, position + cycle - last[at]! - 1);
    });
    longestGaps.set(preview, (gaps = longest));
  }
  return gaps[index]!;
}

/** What a parameter means and how Apache read this value. */
export function parameterHover(parameter: Parameter, member: Member | undefined): string {
  const doc = parameterDoc(parameter.key);
  const out = [
    `**${escapeMarkdown(parameter.key.toLowerCase())}**${doc ? ` (${doc.target} parameter) — ${doc.summary}` : ' — not a parameter Apache knows'}`,
  ];
  if (doc) out.push('', `Accepts: ${doc.accepts}`);
  const parsed = parsedValue(parameter);
  if (parsed) out.push('', parsed);
  if (member && isOverridden(parameter, member.declaration)) out.push('', 'A later value for the same key on this line wins.');
  return out.join('\n');
}

/** Whether `parameter` is a word of the member's line that a later word of the same key overrides: the line's table keeps that one. */
function isOverridden(parameter: Parameter, line: MemberDeclaration): boolean {
  const { start, end } = line.directive.span;
  if (parameter.span.start < start || parameter.span.end > end) return false;
  const key = parameter.key.toLowerCase();
  const kept = line.parameters.find((each) => each.key.toLowerCase() === key);
  return kept !== undefined && kept.span.start !== parameter.span.start;
}

function parsedValue(parameter: Parameter): string | undefined {
  const key = parameter.key.toLowerCase();
  const value = parameter.value;
  if (key === 'loadfactor') {
    const lbfactor = loadfactorToLbfactor(value);
    if (lbfactor === undefined) return `Apache refuses ${codeSpan(value)}: "LoadFactor must be a number between 1..100".`;
    const number = strtod(value).value;
    const exact = Math.abs(number * 100 - lbfactor) < 1e-9;
    return `Apache reads ${codeSpan(value)} as ${factor(lbfactor)} (stored as ${lbfactor})${exact ? '' : ': it keeps trunc(value × 100) in binary floating point'}.`;
  }
  if (key === 'status') {
    const result = parseStatus(value, 0);
    if ('error' in result) return `Apache refuses ${codeSpan(value)}: "Unknown status parameter option".`;
    const letters = statusLetters(result.status);
    if (letters === '') return 'No flags end up set.';
    return ['Flags set:', ...[...letters].map((letter) => `- **${letter}** ${STATUS_DOCS[letter] ?? ''}`)].join('\n');
  }
  return undefined;
}

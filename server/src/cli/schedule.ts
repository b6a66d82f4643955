/** `balancer-lens schedule`: each balancer's schedule and shares, as text or as the JSON contract. */
import { parseArgs } from 'node:util';
import { analyze, Analysis } from '../core/analysis';
import type { Span } from '../core/syntax/lines';
import { LineIndex } from '../core/positions';
import { statusLetters } from '../core/model/params';
import { BalancerPreview, describeIdle, previewPicks } from '../core/scheduler/preview';
import { memberLetter } from '../core/scheduler/letters';
import { readConfig, UsageError, useColour } from './io';

const DEFAULT_PICK_CAP = 100;
const MAX_PICKS = 1_000_000;

/** Runs the command; returns the exit code. */
export function runSchedule(argv: readonly string[]): number {
  const { values, positionals } = parseOptions(argv);
  if (positionals.length !== 1) throw new UsageError('schedule takes exactly one FILE (try --help)');
  const file = positionals[0]!;
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format '${format}': use text or json`);
  const picks = values.picks === undefined ? undefined : Number(values.picks);
  if (picks !== undefined && !(Number.isInteger(picks) && picks >= 0 && picks <= MAX_PICKS)) {
    throw new UsageError(`--picks takes a whole number from 0 to ${MAX_PICKS}, not '${values.picks}'`);
  }
  const text = readConfig(file);
  const analysis = analyze(text, { environment: process.env, epochSeconds: Math.floor(Date.now() / 1000) });
  const previews = selectBalancers(analysis, values.balancer, file);
  const index = new LineIndex(text);
  const report = previews.map((preview) => reportBalancer(preview, picks, file, index));
  const refusals = refusalsOf(analysis).map((problem) => ({ line: index.position(problem.span.start).line + 1, column: index.position(problem.span.start).character + 1, message: problem.message }));
  if (format === 'json') {
    process.stdout.write(`${JSON.stringify({ balancers: report.map((entry) => entry.json), errors: refusals })}\n`);
  } else {
    const colour = useColour();
    const out: string[] = report.map((entry) => entry.text(colour));
    if (report.length === 0) out.push(`no balancers in ${file}`);
    for (const refusal of refusals.slice(0, 5)) out.push(`note: Apache refuses this configuration: ${file}:${refusal.line}:${refusal.column}: ${refusal.message}`);
    process.stdout.write(`${out.join('\n\n')}\n`);
  }
  return 0;
}

function parseOptions(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { balancer: { type: 'string' }, picks: { type: 'string' }, format: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function selectBalancers(analysis: Analysis, wanted: string | undefined, file: string): readonly BalancerPreview[] {
  if (wanted === undefined) return analysis.previews;
  const name = (wanted.toLowerCase().startsWith('balancer://') ? wanted : `balancer://${wanted}`).toLowerCase().replace(/^(balancer:\/\/[^/]*).*$/, '$1');
  const found = analysis.previews.filter((preview) => preview.balancer.name === name);
  if (found.length === 0) {
    const known = analysis.previews.map((preview) => preview.balancer.name);
    throw new UsageError(`no balancer named ${name} in ${file}${known.length > 0 ? ` (found: ${known.join(', ')})` : ''}`);
  }
  return found;
}

function refusalsOf(analysis: Analysis): { span: Span; message: string }[] {
  const all = [...analysis.tree.diagnostics, ...analysis.model.problems].filter((problem) => problem.refused);
  return all.sort((a, b) => a.span.start - b.span.start);
}

interface BalancerReport {
  readonly json: unknown;
  readonly text: (colour: boolean) => string;
}

function reportBalancer(preview: BalancerPreview, requested: number | undefined, file: string, index: LineIndex): BalancerReport {
  const { balancer, schedule } = preview;
  const lineOf = (offset: number): number => index.position(offset).line + 1;
  const line = lineOf((balancer.section?.open ?? balancer.createdBy).lineAt);
  const defaultCount = !preview.simulated ? 0 : schedule.cycleLength > 0 ? Math.min(schedule.cycleLength, DEFAULT_PICK_CAP) : 1;
  const picked = previewPicks(preview, requested ?? defaultCount);
  const unit = schedule.total > 0 && schedule.cycleLength > 0 ? schedule.total / schedule.cycleLength : 1;
  const members = balancer.members.map((member, position) => {
    const share = schedule.members[position]!;
    return {
      letter: memberLetter(position),
      member,
      share,
      perCycle: share.share > 0 ? member.params.lbfactor / unit : 0,
    };
  });
  const json = {
    name: balancer.name,
    file,
    line,
    scope: balancer.scope.kind === 'main' ? 'main' : `vhost:${lineOf(balancer.scope.section.open.lineAt)}`,
    lbmethod: preview.lbmethod,
    simulated: preview.simulated,
    tier: schedule.tier ?? null,
    cycleLength: preview.simulated ? schedule.cycleLength : null,
    members: members.map(({ member, share }) => ({
      url: member.url,
      line: lineOf(member.declaration.directive.lineAt),
      loadfactor: member.setBy.get('loadfactor')?.value ?? null,
      lbfactor: member.params.lbfactor,
      lbset: member.params.lbset,
      status: statusLetters(member.params.status),
      role: share.role === 'regular' ? 'active' : share.role,
      share: preview.simulated ? share.share : null,
      reason: share.idle ?? null,
    })),
    picks: picked.map((member) => member?.url ?? null),
    notes: preview.notes,
  };
  const text = (colour: boolean): string => {
    const paint = (code: string, value: string): string => (colour ? `\u001b[${code}m${value}\u001b[0m` : value);
    const out: string[] = [];
    out.push(`${paint('1', balancer.name)}  ${file}:${line}  ${preview.lbmethod}${balancer.scope.kind === 'vhost' ? `  (virtual host at line ${json.scope.slice(6)})` : ''}`);
    if (balancer.members.length === 0) out.push('  no members: every request gets 503 (AH01171)');
    else if (schedule.tier === undefined) out.push('  no usable member: every request gets 503 (AH01170)');
    else if (preview.simulated) out.push(`  lbset ${schedule.tier} serves every request · cycle of ${schedule.cycleLength} pick${schedule.cycleLength === 1 ? '' : 's'}`);
    const width = Math.max(0, ...members.map(({ member }) => member.url.length));
    for (const { letter, member, share, perCycle } of members) {
      const name = member.url.padEnd(width);
      if (share.idle !== undefined) {
        out.push(`  ${letter.padEnd(2)} ${name}  ${paint('2', `  0.0%  ${describeIdle(share.idle, member, schedule.tier)}`)}`);
      } else if (preview.simulated) {
        const percent = `${(share.share * 100).toFixed(1)}%`.padStart(6);
        const role = share.role === 'regular' ? '' : ` (${share.role})`;
        out.push(`  ${letter.padEnd(2)} ${name}  ${percent}  ${paint('32', bar(share.share))}  ${perCycle} of every ${schedule.cycleLength}${role}`);
      } else {
        out.push(`  ${letter.padEnd(2)} ${name}  candidate${share.role === 'regular' ? '' : ` (${share.role})`}`);
      }
    }
    if (picked.length > 0) {
      const letters = picked.map((member) => (member ? members.find((entry) => entry.member === member)!.letter : paint('31', '503')));
      out.push(`  picks  ${letters.join(' ')}${requested === undefined && schedule.cycleLength > DEFAULT_PICK_CAP ? ' …' : ''}`);
    }
    for (const note of preview.notes) out.push(`  ${paint('2', note)}`);
    return out.join('\n');
  };
  return { json, text };
}

function bar(share: number): string {
  const width = 20;
  const filled = Math.round(share * width);
  return '█'.repeat(filled) + '·'.repeat(width - filled);
}

/** Document symbols (virtual hosts → balancers → members) and folding ranges. */
import type { Analysis } from '../analysis';
import type { MemberShare, Schedule } from '../scheduler/byrequests';
import type { Span } from '../span';
import { percent, plural, shortIdle } from './share-text';
import type { Node, Section } from '../syntax/tree';

/** A symbol in the outline. */
export interface DocumentSymbol {
  readonly name: string;
  readonly detail: string;
  readonly kind: 'vhost' | 'balancer' | 'member' | 'section';
  readonly span: Span;
  readonly selection: Span;
  readonly children: readonly DocumentSymbol[];
}

/** The outline: balancers under their virtual host, members under their balancer. */
export function documentSymbols(analysis: Analysis): DocumentSymbol[] {
  const byScope = new Map<Section | undefined, DocumentSymbol[]>();
  for (const { balancer, schedule, refusal, refusedMembers } of analysis.previews) {
    const anchor = balancer.section ?? balancer.createdBy;
    const members = balancer.members.map((member, index): DocumentSymbol => ({
      name: member.url,
      detail: refusedMembers?.has(index)
        ? 'refused'
        : refusal
          ? 'no schedule'
          : idleOrShare(schedule.members[index]!, member.params.lbset, schedule),
      kind: 'member',
      span: member.declaration.directive.span,
      selection: member.declaration.url,
      children: [],
    }));
    const span = balancer.section ? balancer.section.span : anchor.span;
    const symbol: DocumentSymbol = {
      name: balancer.name,
      detail: `${plural(balancer.members.length, 'member')}${refusal ? ' · refused by Apache' : ''}`,
      kind: 'balancer',
      span: cover(span, members),
      selection: balancer.section ? balancer.section.open.span : anchor.span,
      children: members,
    };
    const key = balancer.scope.kind === 'vhost' ? balancer.scope.section : undefined;
    // Appended in place: copying the list for each balancer would be quadratic in balancers.
    const siblings = byScope.get(key);
    if (siblings) siblings.push(symbol);
    else byScope.set(key, [symbol]);
  }
  const result: DocumentSymbol[] = [...(byScope.get(undefined) ?? [])];
  for (const [section, balancers] of byScope) {
    if (!section) continue;
    result.push({
      name: `<VirtualHost ${section.args.map((word) => word.value).join(' ')}>`,
      detail: '',
      kind: 'vhost',
      span: section.span,
      selection: section.open.span,
      children: balancers,
    });
  }
  return result.sort((a, b) => a.span.start - b.span.start);
}

/** The same words as the inlay hint: `standby (idle)`, `70.0%`. */
function idleOrShare(plan: MemberShare, lbset: number, schedule: Schedule): string {
  return plan.idle ? shortIdle(plan.idle, lbset, schedule.tier, schedule.tierNeverRunsOut) : percent(plan.share);
}

function cover(span: Span, children: readonly DocumentSymbol[]): Span {
  return children.reduce((all, child) => ({ start: Math.min(all.start, child.span.start), end: Math.max(all.end, child.span.end) }), span);
}

/** Folding ranges: every section with its close, and runs of two or more comment lines. */
export function foldingRanges(analysis: Analysis): Span[] {
  const ranges: Span[] = [];
  const stack: (readonly Node[])[] = [analysis.tree.nodes];
  while (stack.length > 0) {
    for (const node of stack.pop()!) {
      if (node.kind !== 'section') continue;
      ranges.push(node.span);
      stack.push(node.children);
    }
  }
  const text = analysis.tree.text;
  let run: Span | undefined;
  for (const comment of analysis.tree.comments) {
    const between = run ? text.slice(run.end, comment.start) : '';
    if (run && /^[ \t]*\r?\n[ \t]*$/.test(between)) run = { start: run.start, end: comment.end };
    else {
      if (run && text.slice(run.start, run.end).includes('\n')) ranges.push(run);
      run = comment;
    }
  }
  if (run && text.slice(run.start, run.end).includes('\n')) ranges.push(run);
  return ranges.sort((a, b) => a.start - b.start);
}

/**
 * What a preview must say besides the schedule: that Apache refuses the balancer (then no share,
 * pick or cycle is shown anywhere), and, in a partial set, where a balancer's members are — or
 * that no file read has them — instead of "0 members · 503".
 */
import type { Analysis } from './analysis';
import { fileAt, locator } from './files';
import type { Balancer, Member } from './model/model';
import { RULES } from './rules';
import { balancerAnchor, runIndex, runIndexKey } from './rules/shared';
import type { Diagnostic } from './rules/types';
import { amendedPreview, type BalancerPreview, type Refusal, type Unseen } from './scheduler/preview';
import type { Span } from './span';
import { knownModules } from './syntax/conditions';
import { stepsNamed } from './syntax/named';
import { balancerName, isBalancerUrl } from './model/urls';

/** Rules whose findings mean Apache refuses the configuration: those whose default severity is error. */
const REFUSING = new Set<string>(RULES.filter((rule) => rule.severity === 'error').map((rule) => rule.id));

/** Whether a finding means Apache refuses the configuration. */
export function isRefusal(diagnostic: Diagnostic): boolean {
  return REFUSING.has(diagnostic.ruleId);
}

/** Directives that configure a balancer they name: their errors are the balancer's. */
const CONFIGURING = new Set(['proxyset', 'proxypass', 'proxypassmatch', 'balancermember']);

/** The analysis with each balancer Apache refuses marked, and its refused members; the same analysis when none is. */
export function markRefusals(analysis: Analysis, diagnostics: readonly Diagnostic[]): Analysis {
  const refusals = diagnostics.filter(isRefusal);
  if (refusals.length === 0) return analysis;
  const locate = locator(analysis.tree.text, analysis.tree.files, (file) => file.path);
  const place = (diagnostic: Diagnostic, anchor: number): Refusal => {
    const at = locate(diagnostic.span.start);
    const where = at.file === locate(anchor).file ? `line ${at.line}` : `${at.file.slice(at.file.lastIndexOf('/') + 1)} line ${at.line}`;
    return { span: diagnostic.span, ruleId: diagnostic.ruleId, message: diagnostic.message, ...at, where };
  };
  const firstIn = refusalFinder(refusals);
  const configuring = configuringRefusals(analysis, firstIn);
  const previews = analysis.previews.map((preview): BalancerPreview => {
    const balancer = preview.balancer;
    let first = balancerRefusal(balancer, firstIn, configuring.get(balancer.name));
    // A section holding no refusal holds none in the member lines inside it, most members: those are not asked about one by one.
    const clear = balancer.section && !firstIn(balancer.section.span) ? balancer.section.span : undefined;
    let refusedMembers: Map<number, Refusal> | undefined;
    for (let index = 0; index < balancer.members.length; index++) {
      const member = balancer.members[index]!;
      if (clear && member.sharedBy.length === 0 && isInside(member.declaration.directive.lineAt, clear)) continue;
      const refusal = memberRefusal(member, firstIn);
      if (!refusal) continue;
      (refusedMembers ??= new Map()).set(index, place(refusal, member.declaration.directive.span.start));
      first = earlier(first, refusal);
    }
    if (!first) return preview;
    return amendedPreview(preview, { refusal: place(first, balancerAnchor(balancer).start), refusedMembers: refusedMembers ?? new Map() });
  });
  return Object.freeze({ ...analysis, previews });
}

/**
 * In a partial configuration (it loads no MPM, so something else includes it), a balancer only
 * named here is marked with its members from another configuration of the run, or with how many
 * files were read without finding them; the same analysis when none is.
 */
export function markUnseen(analysis: Analysis, run: readonly Analysis[]): Analysis {
  if (knownModules(analysis.tree) !== undefined || !analysis.previews.some(isUnfilled)) return analysis;
  const previews = analysis.previews.map((preview): BalancerPreview =>
    isUnfilled(preview) && !preview.refusal
      ? amendedPreview(preview, { unseen: { elsewhere: filledElsewhere(run, analysis, preview.balancer.name), filesRead: filesRead(run) } })
      : preview,
  );
  return Object.freeze({ ...analysis, previews });
}

/** A balancer only named here (no section, no members): a partial set may hold its members elsewhere. */
function isUnfilled(preview: BalancerPreview): boolean {
  const balancer = preview.balancer;
  return balancer.members.length === 0 && !balancer.section && !balancer.inherited;
}

/**
 * The first of `found` and the refusals in a balancer's own declaration: the line that created it,
 * its parameters, its section; an inherited copy's source too (each balancer of a keystroke's model
 * is asked, so no list of spans is made).
 */
function balancerRefusal(
  balancer: Balancer,
  firstIn: (span: Span) => Diagnostic | undefined,
  found: Diagnostic | undefined,
): Diagnostic | undefined {
  let first = earlier(found, firstIn(balancer.createdBy.span));
  for (const parameter of balancer.setBy.values()) first = earlier(first, firstIn(parameter.span));
  if (balancer.section) first = earlier(first, firstIn(balancer.section.span));
  return balancer.inherited ? balancerRefusal(balancer.inherited.from, firstIn, first) : first;
}

/** Whether an offset lies in a span, its ends included: a line's `lineAt` in the section that holds the line. */
function isInside(at: number, span: Span): boolean {
  return span.start <= at && at <= span.end;
}

/** The first refusal in a member's own line or the lines that share it. */
function memberRefusal(member: Member, firstIn: (span: Span) => Diagnostic | undefined): Diagnostic | undefined {
  let first = firstIn(member.declaration.directive.span);
  for (const shared of member.sharedBy) first = earlier(first, firstIn(shared.directive.span));
  return first;
}

/** The one of two refusals that starts first (the first given on a tie), or the one there is. */
function earlier(first: Diagnostic | undefined, other: Diagnostic | undefined): Diagnostic | undefined {
  return other && (!first || other.span.start < first.span.start) ? other : first;
}

/**
 * The first refusal in the lines that name each balancer to configure it (ProxySet, ProxyPass with
 * parameters, BalancerMember outside <Proxy>), by name; from the tree, so a line Apache refuses
 * before the balancer exists (a ProxySet above its <Proxy>) still counts as the balancer's. Only
 * lines holding a refusal are read for the names.
 */
function configuringRefusals(analysis: Analysis, firstIn: (span: Span) => Diagnostic | undefined): Map<string, Diagnostic> {
  const byName = new Map<string, Diagnostic>();
  for (const step of stepsNamed(analysis.tree.nodes, CONFIGURING)) {
    if (step.kind !== 'directive') continue;
    const refusal = firstIn(step.directive.span);
    if (!refusal) continue;
    for (const word of step.directive.args) {
      if (!isBalancerUrl(word.value)) continue;
      const named = balancerName(word.value);
      if ('name' in named) byName.set(named.name, earlier(byName.get(named.name), refusal)!);
    }
  }
  return byName;
}

/** The first refusal starting inside a span, by binary search over refusals sorted by start. */
function refusalFinder(refusals: readonly Diagnostic[]): (span: Span) => Diagnostic | undefined {
  const sorted = [...refusals].sort((a, b) => a.span.start - b.span.start);
  return (span) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.span.start < span.start) lo = mid + 1;
      else hi = mid;
    }
    const found = sorted[lo];
    return found && found.span.start <= span.end ? found : undefined;
  };
}

/** The previews with members of each balancer name, over every configuration of the run. */
const FILLED_PREVIEWS = runIndexKey((all) => {
  const byName = new Map<string, { analysis: Analysis; preview: BalancerPreview }[]>();
  for (const each of all) {
    for (const preview of each.previews) {
      if (preview.balancer.members.length === 0) continue;
      const list = byName.get(preview.balancer.name);
      if (list) list.push({ analysis: each, preview });
      else byName.set(preview.balancer.name, [{ analysis: each, preview }]);
    }
  }
  return byName;
});

/** How many distinct files the run read. */
const FILES_READ = runIndexKey((all) => new Set(all.flatMap((each) => each.tree.files.map((file) => file.path))).size);

/** The first preview with members of a name in another configuration of the run. */
function filledElsewhere(run: readonly Analysis[], analysis: Analysis, name: string): Unseen['elsewhere'] {
  const found = runIndex(run, FILLED_PREVIEWS)
    .get(name)
    ?.find((candidate) => candidate.analysis.tree !== analysis.tree);
  return found && { preview: found.preview, file: fileAt(found.analysis.tree.files, balancerAnchor(found.preview.balancer).start).path };
}

function filesRead(run: readonly Analysis[]): number {
  return runIndex(run, FILES_READ);
}

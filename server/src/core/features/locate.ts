/** What sits at an offset: a balancer, a member, or a parameter — the smallest span wins. */
import type { Analysis } from '../analysis';
import type { Balancer, Member, Parameter } from '../model/model';
import type { Span } from '../span';
import type { BalancerPreview } from '../scheduler/preview';
import type { Section } from '../syntax/tree';

/** A thing features can describe. */
export type Target =
  | { readonly kind: 'balancer'; readonly span: Span; readonly preview: BalancerPreview }
  | { readonly kind: 'member'; readonly span: Span; readonly preview: BalancerPreview; readonly index: number }
  | {
      readonly kind: 'parameter';
      readonly span: Span;
      readonly parameter: Parameter;
      readonly preview: BalancerPreview;
      readonly member: Member | undefined;
    };

const TARGETS = new WeakMap<Analysis, Target[]>();

/** Every target of an analysis, computed once per (frozen) analysis. */
export function targets(analysis: Analysis): readonly Target[] {
  let found = TARGETS.get(analysis);
  if (found) return found;
  found = [];
  for (const preview of analysis.previews) {
    const balancer = preview.balancer;
    if (balancer.section) found.push({ kind: 'balancer', span: balancer.section.open.span, preview });
    balancer.members.forEach((member, index) => {
      for (const declaration of [member.declaration, ...member.sharedBy]) {
        found!.push({ kind: 'member', span: declaration.directive.span, preview, index });
        for (const parameter of declaration.parameters)
          found!.push({ kind: 'parameter', span: parameter.span, parameter, preview, member });
      }
      if (!balancer.section) {
        const first = member.declaration.directive.args[0];
        if (first && first.value.toLowerCase().startsWith('balancer:')) found!.push({ kind: 'balancer', span: first.span, preview });
      }
    });
    for (const parameter of balancer.setBy.values())
      found.push({ kind: 'parameter', span: parameter.span, parameter, preview, member: undefined });
  }
  for (const reference of analysis.model.references) {
    const preview = previewFor(analysis, reference.name, reference.scope);
    if (preview) found.push({ kind: 'balancer', span: reference.span, preview });
  }
  TARGETS.set(analysis, found);
  return found;
}

/** The most specific target containing `offset` (its end included, so a cursor after a word counts). */
export function targetAt(analysis: Analysis, offset: number): Target | undefined {
  let best: Target | undefined;
  for (const target of targets(analysis)) {
    if (offset < target.span.start || offset > target.span.end) continue;
    if (!best || target.span.end - target.span.start < best.span.end - best.span.start) best = target;
  }
  return best;
}

/** The preview of a balancer by name, preferring the given scope. */
export function previewFor(analysis: Analysis, name: string, scope?: Balancer['scope']): BalancerPreview | undefined {
  const named = previewsByName(analysis).get(name);
  if (!named) return undefined;
  return (scope && named.byScope.get(scopeKey(scope))) ?? named.byScope.get('main') ?? named.first;
}

/** Each name's first preview, and its first preview per scope. */
interface NamedPreviews {
  readonly first: BalancerPreview;
  readonly byScope: Map<Section | 'main', BalancerPreview>;
}

const BY_NAME = new WeakMap<Analysis, Map<string, NamedPreviews>>();

/** The previews indexed by name once per (frozen) analysis: a search per reference would be quadratic. */
function previewsByName(analysis: Analysis): Map<string, NamedPreviews> {
  let index = BY_NAME.get(analysis);
  if (index) return index;
  index = new Map();
  for (const preview of analysis.previews) {
    let named = index.get(preview.balancer.name);
    if (!named) index.set(preview.balancer.name, (named = { first: preview, byScope: new Map() }));
    const key = scopeKey(preview.balancer.scope);
    if (!named.byScope.has(key)) named.byScope.set(key, preview);
  }
  BY_NAME.set(analysis, index);
  return index;
}

function scopeKey(scope: Balancer['scope']): Section | 'main' {
  return scope.kind === 'main' ? 'main' : scope.section;
}

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

/**
 * The most specific target containing `offset` (its end included, so a cursor after a word counts):
 * of equal spans, the first in the order below. Only the targets there are made: the first hover
 * after an edit would otherwise make one per member and parameter of every balancer.
 */
export function targetAt(analysis: Analysis, offset: number): Target | undefined {
  let best: Target | undefined;
  let bestLength = Infinity;
  // A span that contains the offset and is smaller than the best so far: its target, if it has one, is the best.
  const consider = (span: Span, target: () => Target | undefined): void => {
    if (offset < span.start || offset > span.end || span.end - span.start >= bestLength) return;
    const found = target();
    if (!found) return;
    best = found;
    bestLength = span.end - span.start;
  };
  for (const preview of analysis.previews) {
    const balancer = preview.balancer;
    if (balancer.section) consider(balancer.section.open.span, () => ({ kind: 'balancer', span: balancer.section!.open.span, preview }));
    balancer.members.forEach((member, index) => {
      for (const declaration of [member.declaration, ...member.sharedBy]) {
        const span = declaration.directive.span;
        consider(span, () => ({ kind: 'member', span, preview, index }));
        for (const parameter of declaration.parameters) {
          const span = parameter.span;
          consider(span, () => ({ kind: 'parameter', span, parameter, preview, member }));
        }
      }
      if (!balancer.section) {
        const first = member.declaration.directive.args[0];
        if (first && first.value.toLowerCase().startsWith('balancer:'))
          consider(first.span, () => ({ kind: 'balancer', span: first.span, preview }));
      }
    });
    for (const parameter of balancer.setBy.values()) {
      const span = parameter.span;
      consider(span, () => ({ kind: 'parameter', span, parameter, preview, member: undefined }));
    }
  }
  for (const reference of analysis.model.references) {
    const span = reference.span;
    consider(span, () => {
      const preview = previewFor(analysis, reference.name, reference.scope);
      return preview && { kind: 'balancer', span, preview };
    });
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

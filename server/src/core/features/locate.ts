/** What sits at an offset: a balancer, a member, or a parameter — the smallest span wins. */
import type { Analysis } from '../analysis';
import type { Balancer, Member, MemberDeclaration, Parameter } from '../model/model';
import { WordParameter } from '../model/storage';
import type { Span } from '../span';
import type { BalancerPreview } from '../scheduler/preview';
import type { Section } from '../syntax/tree';
import { argValue } from '../syntax/written';

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
 * of equal spans, the first in the order `placesOf` lists them. Only the places whose spans reach
 * the offset are looked at, found in an index made once per analysis.
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
  for (const place of placesAt(placesOf(analysis), offset)) {
    if (place.kind === 'span') {
      consider(place.span, place.target);
      continue;
    }
    // A member's line, then its parameters: words of the line, within its span (an expanded line's map to its `Use` line).
    const { span, preview, index, member } = place;
    consider(span, () => ({ kind: 'member', span, preview, index }));
    for (const parameter of wordParameters(place.line)) {
      const span = parameter.span;
      consider(span, () => ({ kind: 'parameter', span, parameter, preview, member }));
    }
  }
  return best;
}

/**
 * Every `key=value` word of a member line as a parameter: those its table keeps (the last value of
 * each key), then those a later word of the same key overrides, which a hover also explains.
 */
function wordParameters(line: MemberDeclaration): Parameter[] {
  const kept = line.parameters;
  const starts = new Set(kept.map((parameter) => parameter.span.start));
  const overridden = line.directive.args.filter((word) => word.value.includes('=') && !starts.has(word.start));
  return [...kept, ...overridden.map((word) => WordParameter.of(word))];
}

/**
 * Where targets may be, with the extent that holds them and the place's position in the scan,
 * which decides between equal spans: a span with its target, or a member's line, whose parameters
 * are read only when the offset is on that line.
 */
type Place = { readonly start: number; readonly end: number; readonly order: number } & (
  | { readonly kind: 'span'; readonly span: Span; readonly target: () => Target | undefined }
  | {
      readonly kind: 'line';
      readonly span: Span;
      readonly preview: BalancerPreview;
      readonly index: number;
      readonly member: Member;
      /** Its parameters are made only when the offset is on it. */
      readonly line: MemberDeclaration;
    }
);

/** An analysis' places by where they start, and the furthest end among each place and those before it. */
interface Places {
  readonly byStart: readonly Place[];
  readonly reach: Float64Array;
}

const PLACES = new WeakMap<Analysis, Places>();

/**
 * The places of an analysis, in the scan's order: each balancer's `<Proxy>` line, each member's
 * lines (first declaration, then the lines that share it), then a member's `balancer://` word
 * outside a section, then the balancer's own parameters; after every balancer, the references.
 */
function placesOf(analysis: Analysis): Places {
  const known = PLACES.get(analysis);
  if (known) return known;
  const places: Place[] = [];
  const spanPlace = (span: Span, target: () => Target | undefined): void => {
    places.push({ start: span.start, end: span.end, order: places.length, kind: 'span', span, target });
  };
  for (const preview of analysis.previews) {
    const balancer = preview.balancer;
    if (balancer.section) {
      const span = balancer.section.open.span;
      spanPlace(span, () => ({ kind: 'balancer', span, preview }));
    }
    const members = balancer.members;
    for (let index = 0; index < members.length; index++) {
      const member = members[index]!;
      // One place per line, made without a closure per member (a balancer may have thousands).
      for (let line = -1; line < member.sharedBy.length; line++) {
        const declaration = line < 0 ? member.declaration : member.sharedBy[line]!;
        const span = declaration.directive.span;
        places.push({
          start: span.start,
          end: span.end,
          order: places.length,
          kind: 'line',
          span,
          preview,
          index,
          member,
          line: declaration,
        });
      }
      const line = member.declaration.directive;
      if (!balancer.section && argValue(line, 0)?.toLowerCase().startsWith('balancer:')) {
        const span = line.args[0]!.span;
        spanPlace(span, () => ({ kind: 'balancer', span, preview }));
      }
    }
    for (const parameter of balancer.setBy.values()) {
      const span = parameter.span;
      spanPlace(span, () => ({ kind: 'parameter', span, parameter, preview, member: undefined }));
    }
  }
  for (const reference of analysis.model.references) {
    const span = reference.span;
    spanPlace(span, () => {
      const preview = previewFor(analysis, reference.name, reference.scope);
      return preview && { kind: 'balancer', span, preview };
    });
  }
  // Mostly in text order already; sorted by start, the scan's order between equal starts.
  const isSorted = places.every((place, at) => at === 0 || places[at - 1]!.start <= place.start);
  const byStart = isSorted ? places : places.sort((a, b) => a.start - b.start || a.order - b.order);
  const reach = new Float64Array(byStart.length);
  byStart.forEach((place, at) => (reach[at] = Math.max(place.end, at > 0 ? reach[at - 1]! : -Infinity)));
  const indexed = { byStart, reach };
  PLACES.set(analysis, indexed);
  return indexed;
}

/** The places whose extent holds `offset`, in the scan's order. */
function placesAt({ byStart, reach }: Places, offset: number): Place[] {
  // The last place starting at or before the offset; those before it can reach it only while `reach` does.
  let low = 0;
  let high = byStart.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byStart[middle]!.start <= offset) low = middle + 1;
    else high = middle;
  }
  const found: Place[] = [];
  for (let at = low - 1; at >= 0 && reach[at]! >= offset; at--) if (byStart[at]!.end >= offset) found.push(byStart[at]!);
  return found.sort((a, b) => a.order - b.order);
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

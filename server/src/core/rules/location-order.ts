import { quoted } from '../bounded';
import type { Section } from '../syntax/tree';
import { collapseSlashes, proxyRules, type ProxyRule } from '../requests/proxy-rules';
import { quote } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** A `ProxyPass` inside a plain `<Location "/path">`, with that path. */
interface LocationRule {
  readonly rule: ProxyRule;
  readonly location: Section;
  readonly path: string;
}

const isExclusion = (rule: ProxyRule): boolean => rule.url.value === '!';

/** A path Apache compares as a plain prefix (no regex, no wildcard, no variable). */
const isPlainPath = (path: string | undefined): path is string => path !== undefined && path.startsWith('/') && !/[*?[\\$%]/.test(path);

/**
 * `<Location>` sections merge in configuration order (the main server's before a virtual host's),
 * so for a request the ProxyPass of the last matching `<Location>` wins; and mod_proxy's
 * proxy_trans tries that per-directory ProxyPass before the server's own ProxyPass lines.
 */
export const rule: Rule = {
  id: 'location-order',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'a `ProxyPass !` that a `<Location>` `ProxyPass` overrides: a narrower `<Location>` exclusion before a broader one, or a server-level exclusion',
    why: "Apache merges `<Location>` sections in order and the last one that matches wins, and a ProxyPass inside `<Location>` is tried before the server's ProxyPass lines — so the excluded path is proxied anyway (verified on Apache 2.4).",
  },
  check({ analysis }) {
    const text = analysis.tree.text;
    const rules = proxyRules(analysis).filter((each) => each.kind === 'ProxyPass');
    const inLocations: LocationRule[] = [];
    for (const each of rules) {
      const location = each.location;
      if (!location || location.name.toLowerCase() !== 'location' || each.isRegex || !isPlainPath(each.path)) continue;
      inLocations.push({ rule: each, location, path: each.path });
    }
    const index = indexByPath(inLocations);
    const findings: RuleFinding[] = [];
    for (const exclusion of inLocations.filter((each) => isExclusion(each.rule))) {
      const later = overriding(index, inLocations, exclusion);
      if (!later) continue;
      findings.push({
        span: exclusion.rule.directive.span,
        message: `<Location ${quoted(later.path)}> below also matches ${exclusion.path} and wins, so it is still proxied: move this <Location> below it`,
        related: [{ span: later.rule.directive.span, message: `"${quote(text, later.rule.directive)}" overrides the exclusion` }],
      });
    }
    for (const exclusion of rules.filter((each) => !each.location && isExclusion(each) && !each.isRegex && isPlainPath(each.path))) {
      const path = exclusion.path!;
      const location = firstOverServer(index, inLocations, exclusion, path);
      if (!location) continue;
      findings.push({
        span: exclusion.pathWord?.span ?? exclusion.directive.span,
        message: `${quoted(path)} is still proxied, as <Location ${quoted(location.path)}> comes first: exclude it in a <Location> below it`,
        related: [{ span: location.rule.directive.span, message: `"${quote(text, location.rule.directive)}" matches ${path} first` }],
      });
    }
    return findings.sort((a, b) => a.span.start - b.span.start);
  },
};

/**
 * The `<Location>` ProxyPass lines of one path (slashes collapsed) in one server. `proxies` are the
 * non-exclusions sorted by their section's start, each with the lowest place in the rule list from
 * it onwards, so "the first rule among those from this start on" is one binary search.
 */
interface PathGroup {
  readonly proxies: { readonly start: number; readonly firstAtOrAfter: number }[];
  /** The start of the last exclusion's section; -1 without one. */
  lastExclusionStart: number;
}

type PathIndex = Map<string, Map<Section | undefined, PathGroup>>;

/** Groups the rules by path and server, so an exclusion looks only at the paths that cover its own. */
function indexByPath(inLocations: readonly LocationRule[]): PathIndex {
  const index: PathIndex = new Map();
  const places = new Map<PathGroup, { start: number; place: number }[]>();
  inLocations.forEach((each, place) => {
    const path = collapseSlashes(each.path);
    let servers = index.get(path);
    if (!servers) index.set(path, (servers = new Map()));
    let group = servers.get(each.rule.vhost);
    if (!group) {
      group = { proxies: [], lastExclusionStart: -1 };
      servers.set(each.rule.vhost, group);
      places.set(group, []);
    }
    const start = each.location.span.start;
    if (isExclusion(each.rule)) group.lastExclusionStart = Math.max(group.lastExclusionStart, start);
    else places.get(group)!.push({ start, place });
  });
  for (const [group, proxies] of places) {
    proxies.sort((a, b) => a.start - b.start);
    let first = Infinity;
    const firstAtOrAfter = proxies.map(() => 0);
    for (let i = proxies.length - 1; i >= 0; i--) firstAtOrAfter[i] = first = Math.min(first, proxies[i]!.place);
    proxies.forEach((each, i) => group.proxies.push({ start: each.start, firstAtOrAfter: firstAtOrAfter[i]! }));
  }
  return index;
}

/** The paths (slashes collapsed) that cover `path`: its prefixes that end at a slash or before one. */
function coveringPaths(path: string): string[] {
  const own = collapseSlashes(path);
  const paths: string[] = [];
  for (let end = 1; end <= own.length; end++)
    if (own[end - 1] === '/' || end === own.length || own[end] === '/') paths.push(own.slice(0, end));
  return paths;
}

/** The groups of the paths that cover `path`, each with its server. */
function* coveringGroups(index: PathIndex, path: string): Generator<[Section | undefined, PathGroup]> {
  for (const covering of coveringPaths(path)) yield* index.get(covering) ?? [];
}

/** Main-server sections come before a virtual host's, whatever their place in the file. */
const order = (vhost: Section | undefined): number => (vhost ? 1 : 0);

/**
 * The first `<Location>` ProxyPass (in rule order) that merges after the exclusion, matches its
 * path, applies to its server and is not itself followed by an exclusion of that path in its server.
 */
function overriding(index: PathIndex, inLocations: readonly LocationRule[], exclusion: LocationRule): LocationRule | undefined {
  const lastExclusion = new Map<Section | undefined, number>();
  for (const [vhost, group] of coveringGroups(index, exclusion.path))
    lastExclusion.set(vhost, Math.max(lastExclusion.get(vhost) ?? -1, group.lastExclusionStart));
  const own = exclusion.rule.vhost;
  let first = Infinity;
  for (const [vhost, group] of coveringGroups(index, exclusion.path)) {
    if (!appliesTo(own, vhost) || order(vhost) < order(own)) continue;
    // Starts are offsets: "after the exclusion's section" is from its start + 1 on.
    const from = Math.max(lastExclusion.get(vhost)!, order(vhost) === order(own) ? exclusion.location.span.start + 1 : -1);
    const at = firstAtOrAbove(group.proxies, from);
    if (at < group.proxies.length) first = Math.min(first, group.proxies[at]!.firstAtOrAfter);
  }
  return inLocations[first];
}

/** The first `<Location>` ProxyPass (in rule order) that catches a server-level exclusion's path, unless a `<Location>` exclusion does. */
function firstOverServer(
  index: PathIndex,
  inLocations: readonly LocationRule[],
  exclusion: ProxyRule,
  path: string,
): LocationRule | undefined {
  let first = Infinity;
  for (const [vhost, group] of coveringGroups(index, path)) {
    if (!appliesTo(exclusion.vhost, vhost)) continue;
    if (group.lastExclusionStart >= 0) return undefined;
    if (group.proxies.length > 0) first = Math.min(first, group.proxies[0]!.firstAtOrAfter);
  }
  return inLocations[first];
}

/** The first index of `sorted` whose start is at least `from`. */
function firstAtOrAbove(sorted: readonly { readonly start: number }[], from: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.start < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A `<Location>` ProxyPass applies to the exclusion's server: both in one server, or either in the main server. */
function appliesTo(exclusion: Section | undefined, proxied: Section | undefined): boolean {
  return proxied === exclusion || !exclusion || !proxied;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/static/">\n    ProxyPass "!"\n</Location>\n<Location "/">\n    ProxyPass "balancer://shop/"\n</Location>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  good: '<Location "/">\n    ProxyPass "balancer://shop/"\n</Location>\n<Location "/static/">\n    ProxyPass "!"\n</Location>\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
};

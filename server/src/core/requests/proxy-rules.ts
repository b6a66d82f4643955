/** The ProxyPass, ProxyPassMatch and ProxyPassReverse lines of a configuration, read as mod_proxy's add_pass does, and alias_match's path comparison. */
import type { Analysis } from '../analysis';
import type { Directive, Section } from '../syntax/tree';
import { asciiLower } from '../ascii';
import { enclosing, stepsNamed } from '../syntax/named';
import type { Word } from '../syntax/words';

/** One `ProxyPass`, `ProxyPassMatch` or `ProxyPassReverse` line, read as mod_proxy's add_pass does. */
export interface ProxyRule {
  readonly directive: Directive;
  readonly kind: 'ProxyPass' | 'ProxyPassMatch' | 'ProxyPassReverse';
  /** ProxyPassMatch, or ProxyPass with `~`: the path is a regular expression. */
  readonly isRegex: boolean;
  /** The path word; undefined inside `<Location>`, whose path the rule takes. */
  readonly pathWord: Word | undefined;
  /** The path the rule matches (the word's, or a non-regex `<Location>`'s); undefined when unknown. */
  readonly path: string | undefined;
  readonly url: Word;
  /** The `<VirtualHost>` it belongs to; undefined for the main server. */
  readonly vhost: Section | undefined;
  /** The enclosing section that gives it a path (`<Location>`, `<Proxy>`, …): such rules are tried before the server's. */
  readonly location: Section | undefined;
  /** `mapping=` changes how paths are compared (servlet normalisation, encoded URIs). */
  readonly hasMapping: boolean;
}

const KINDS: ReadonlyMap<string, ProxyRule['kind']> = new Map([
  ['proxypass', 'ProxyPass'],
  ['proxypassmatch', 'ProxyPassMatch'],
  ['proxypassreverse', 'ProxyPassReverse'],
]);
/** Sections that set cmd->path, so a ProxyPass inside takes its path from them. */
const PATH_SECTIONS = new Set([
  'location',
  'locationmatch',
  'proxy',
  'proxymatch',
  'directory',
  'directorymatch',
  'files',
  'filesmatch',
  'if',
  'elseif',
  'else',
]);

const PROXY_RULES = new WeakMap<Analysis, readonly ProxyRule[]>();

/** Every ProxyPass, ProxyPassMatch and ProxyPassReverse line Apache walks, in walk order; read once per analysis. */
export function proxyRules(analysis: Analysis): readonly ProxyRule[] {
  let rules = PROXY_RULES.get(analysis);
  if (!rules) {
    rules = readRules(analysis);
    PROXY_RULES.set(analysis, rules);
  }
  return rules;
}

function readRules(analysis: Analysis): ProxyRule[] {
  const nodes = analysis.tree.nodes;
  const rules: ProxyRule[] = [];
  for (const step of stepsNamed(nodes, KINDS.keys())) {
    if (step.kind !== 'directive') continue;
    const vhost = enclosing(nodes, step.parent, 'virtualhost');
    const location = enclosing(nodes, step.parent, PATH_SECTIONS);
    const rule = readRule(step.directive, KINDS.get(asciiLower(step.directive.name))!, vhost, location);
    if (rule) rules.push(rule);
  }
  return rules;
}

function readRule(
  directive: Directive,
  kind: ProxyRule['kind'],
  vhost: Section | undefined,
  location: Section | undefined,
): ProxyRule | undefined {
  let isRegex = kind === 'ProxyPassMatch';
  const positional: Word[] = [];
  let hasMapping = false;
  for (const word of directive.args) {
    if (positional.length === 0 && word.value === '~' && kind === 'ProxyPass') isRegex = true;
    else if (positional.length < 2) positional.push(word);
    else if (word.value.toLowerCase().startsWith('mapping=')) hasMapping = true;
  }
  if (location) {
    // One positional word in a section: the URL (a second one is an error reported elsewhere).
    const url = positional[0];
    if (!url || positional.length > 1) return undefined;
    const name = location.name.toLowerCase();
    const first = location.args[0]?.value;
    const regexSection = name.endsWith('match') || first === '~';
    const path = name === 'location' && !regexSection ? first : undefined;
    return { directive, kind, isRegex: isRegex || regexSection, pathWord: undefined, path, url, vhost, location, hasMapping };
  }
  const [pathWord, url] = positional;
  if (!pathWord || !url) return undefined;
  return { directive, kind, isRegex, pathWord, path: pathWord.value, url, vhost, location, hasMapping };
}

/** True when the rule's path and URL can be compared as plain strings, as alias_match sees them. */
export function isPlainRule(rule: ProxyRule): rule is ProxyRule & { path: string } {
  const path = rule.path;
  return (
    !rule.isRegex &&
    !rule.hasMapping &&
    path !== undefined &&
    path.startsWith('/') &&
    !`${path}${rule.url.value}`.includes('${') &&
    !path.includes('%')
  );
}

/** alias_match treats a run of slashes in the path as one slash. */
export function collapseSlashes(path: string): string {
  return path.replace(/\/+/g, '/');
}

/**
 * True when every request path that `later` matches is also matched by `earlier`: mod_proxy's
 * alias_match is a prefix match (slash runs collapsed) that must end at a `/` or the end of the
 * request path unless the rule's path ends with `/` (verified: `/api` matches `/api/v2`, not `/apiv2`).
 */
export function covers(earlier: string, later: string): boolean {
  const a = collapseSlashes(earlier);
  const b = collapseSlashes(later);
  return b.startsWith(a) && (a.endsWith('/') || b.length === a.length || b[a.length] === '/');
}

/** A plain rule and its place in its list, filed under its collapsed path. */
export interface IndexedRule {
  readonly rule: ProxyRule & { path: string };
  readonly index: number;
}

/** The first plain rule of each collapsed path, in list order. */
export function firstRuleByPath(rules: readonly ProxyRule[]): Map<string, IndexedRule> {
  const first = new Map<string, IndexedRule>();
  rules.forEach((rule, index) => {
    if (!isPlainRule(rule)) return;
    const path = collapseSlashes(rule.path);
    if (!first.has(path)) first.set(path, { rule, index });
  });
  return first;
}

/**
 * The earliest rule of `first` that covers the collapsed `path`. `covers(a, path)` holds exactly
 * when `a` is a prefix of `path` that ends with `/`, is followed by `/`, or is all of it, so only
 * those prefixes are looked up; testing every earlier rule would be quadratic in ProxyPass
 * lines (minutes on 100,000-line files). Plain paths start with `/`, so the empty prefix never counts.
 */
export function earliestCovering(first: ReadonlyMap<string, IndexedRule>, path: string): IndexedRule | undefined {
  let best: IndexedRule | undefined;
  for (let end = 1; end <= path.length; end++) {
    if (path[end - 1] !== '/' && path[end] !== '/' && end !== path.length) continue;
    const found = first.get(path.slice(0, end));
    if (found && (!best || found.index < best.index)) best = found;
  }
  return best;
}

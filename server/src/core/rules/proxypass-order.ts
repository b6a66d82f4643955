import { quoted } from '../bounded';
import type { Analysis } from '../analysis';
import type { Span } from '../span';
import type { Directive, Section } from '../syntax/tree';
import { asciiLower } from '../ascii';
import { enclosing, stepsNamed } from '../syntax/named';
import type { Word } from '../syntax/words';
import type { Fix, Rule, RuleFinding } from './types';

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

const isExclusion = (rule: ProxyRule): boolean => rule.url.value === '!';

/** True when `later` would send its requests exactly where `earlier` already does, so the order does not matter. */
function sameOutcome(earlier: ProxyRule & { path: string }, later: ProxyRule & { path: string }): boolean {
  if (isExclusion(earlier) || isExclusion(later)) return isExclusion(earlier) && isExclusion(later);
  const rest = collapseSlashes(later.path).slice(collapseSlashes(earlier.path).length);
  return later.url.value === earlier.url.value + rest;
}

export const rule: Rule = {
  id: 'proxypass-order',
  severity: 'warning',
  docs: {
    summary: 'a ProxyPass (or a `!` exclusion) after a broader ProxyPass that already matches its path: it is never used',
    why: "Apache tries the ProxyPass lines of a server in order and uses the first whose path matches, so a narrower path must come before a broader one; the main server's lines are tried before every virtual host's own.",
    bad: 'ProxyPass "/" "balancer://shop/"\nProxyPass "/static/" "!"\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
    good: 'ProxyPass "/static/" "!"\nProxyPass "/" "balancer://shop/"\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  },
  *check({ analysis }) {
    const server = proxyRules(analysis).filter((rule) => rule.kind !== 'ProxyPassReverse' && !rule.location);
    const main = server.filter((rule) => !rule.vhost);
    yield* shadowed(analysis.tree.text, new Map(), main);
    const byVhost = new Map<Section, ProxyRule[]>();
    for (const rule of server) {
      if (!rule.vhost) continue;
      const own = byVhost.get(rule.vhost) ?? [];
      own.push(rule);
      byVhost.set(rule.vhost, own);
    }
    // merge_proxy_config: a virtual host's list is the main server's lines followed by its own (verified).
    const mainPaths = firstRuleByPath(main);
    for (const own of byVhost.values()) yield* shadowed(analysis.tree.text, mainPaths, own);
  },
};

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

/** Findings for the rules of `own` shadowed by a rule of `inherited` (tried first) or an earlier rule of `own`. */
function shadowed(text: string, inherited: ReadonlyMap<string, IndexedRule>, own: readonly ProxyRule[]): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const earlierOwn = new Map<string, IndexedRule>();
  own.forEach((later, index) => {
    if (!isPlainRule(later)) return;
    const path = collapseSlashes(later.path);
    const earlier = earliestCovering(inherited, path) ?? earliestCovering(earlierOwn, path);
    if (earlier && !sameOutcome(earlier.rule, later)) findings.push(finding(text, earlier.rule, later));
    if (!earlierOwn.has(path)) earlierOwn.set(path, { rule: later, index });
  });
  return findings;
}

function finding(text: string, earlier: ProxyRule & { path: string }, later: ProxyRule & { path: string }): RuleFinding {
  // Apache uses the first ProxyPass whose path matches, and a virtual host tries the main server's first (the rule's docs).
  const first = quoted(`${earlier.directive.name} ${earlier.path}`);
  const inherited = earlier.vhost !== later.vhost;
  const where = inherited ? `the main server's ${first}` : `${first} above`;
  const path = later.path;
  let message: string;
  if (isExclusion(later)) {
    message = `this exclusion comes too late, as ${where} matches ${path} first: ${inherited ? 'repeat it in the main server before that line' : 'move it above'}`;
  } else if (isExclusion(earlier)) {
    message = `this line never proxies ${path}, as the exclusion ${where} matches it first: ${inherited ? 'remove that exclusion' : 'move this line above it'}`;
  } else if (collapseSlashes(earlier.path) === collapseSlashes(path)) {
    message = `this line is never used, as ${where} has the same path ${path}: remove one of them`;
  } else {
    message = `this line is never used, as ${where} matches ${path} first: ${inherited ? 'move that line into the virtual hosts' : 'move this line above it'}`;
  }
  const canMove = !inherited && collapseSlashes(earlier.path) !== collapseSlashes(path);
  return {
    span: later.pathWord?.span ?? later.directive.span,
    message,
    related: [{ span: earlier.directive.span, message: 'this ProxyPass matches first' }],
    fixes: canMove ? [moveAbove(text, later, earlier, isExclusion(later))] : [],
  };
}

/** The directive as written, on one line. */
export function quote(text: string, directive: Directive): string {
  return text.slice(directive.span.start, directive.span.end).replace(/\s+/g, ' ');
}

/** Moves the lines of `moved` to just above the lines of `anchor`, with the anchor's indentation. */
function moveAbove(text: string, moved: ProxyRule, anchor: ProxyRule, safe: boolean): Fix {
  const from = moved.directive.span;
  const to = anchor.directive.span;
  const anchorLine = lineStart(text, to.start);
  const movedLine = lineStart(text, from.start);
  const end = lineEnd(text, from.end);
  const hasNewline = end > 0 && text[end - 1] === '\n';
  const newline = text.slice(0, end).endsWith('\r\n') || (!hasNewline && text.includes('\r\n')) ? '\r\n' : '\n';
  // The last line of a file without a final newline takes the newline before it along.
  const removed: Span = hasNewline ? { start: movedLine, end } : { start: Math.max(0, movedLine - newline.length), end };
  const indent = indentationAt(text, to.start);
  return {
    title: `Move "${quote(text, moved.directive)}" above "${quote(text, anchor.directive)}"`,
    safe,
    edits: [
      { span: { start: anchorLine, end: anchorLine }, newText: `${indent}${text.slice(from.start, from.end)}${newline}` },
      { span: removed, newText: '' },
    ],
  };
}

/**
 * The spaces and tabs before `offset` on its line, for a line inserted beside it: a carriage return or
 * form feed there is whitespace to Apache but a line break to an editor, so it is not copied.
 */
export function indentationAt(text: string, offset: number): string {
  return text.slice(lineStart(text, offset), offset).replace(/[^ \t]/g, '');
}

/** Offset of the start of the physical line holding `offset`. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Offset just past the newline of the physical line holding the character before `end` (or the end of the text). */
export function lineEnd(text: string, end: number): number {
  const newline = text.indexOf('\n', Math.max(0, end - 1));
  return newline < 0 ? text.length : newline + 1;
}

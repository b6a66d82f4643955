/**
 * Hover on the lines that map requests (`ProxyPass`, `ProxyPassMatch`, `RewriteRule … [P]`,
 * `Alias`, `<Location>`): one or two example requests derived from the line and what the request
 * model says happens to them (`GET /api/x → b http://10.0.0.2:8080/v1/x`), with a warning sign when
 * the member's path doubles a slash or glues the request's rest to the target's path. Computed only
 * when hovered: lint never asks for it.
 */
import type { Analysis } from '../analysis';
import { asciiLower } from '../ascii';
import { locator } from '../files';
import { codeSpan, escapeMarkdown } from '../markup';
import { pathMatching, pathUnder, requestPath, requestTo, urlPath } from '../requests/probe';
import type { Trace } from '../requests/request';
import { flagsOf } from '../requests/rewrite';
import { serversOf } from '../requests/servers';
import { traceRequest } from '../requests/trace';
import { memberLetter } from '../scheduler/letters';
import type { Span } from '../span';
import { foldedNames } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import type { Directive, Section, SyntaxTree } from '../syntax/tree';
import { walk } from '../syntax/walk';
import { plural } from './share-text';

/** Markdown for the hover and the line it describes. */
export interface RequestHover {
  readonly markdown: string;
  readonly span: Span;
}

/** The line at an offset that maps requests, with the server it belongs to. */
interface Subject {
  /** The directive, or the `<Location>` section's opening line. */
  readonly line: Directive;
  /** The path the line matches, and whether it is a regular expression. */
  readonly path: string;
  readonly isRegex: boolean;
  readonly vhost: Section | undefined;
}

/** The example requests of the request-mapping line at `offset`, or undefined when the offset is on no such line. */
export function requestHover(analysis: Analysis, offset: number): RequestHover | undefined {
  const subject = subjectAt(analysis, offset);
  if (!subject) return undefined;
  const servers = serversOf(analysis);
  const server = servers.vhosts.find((each) => each.vhost === subject.vhost) ?? servers.main;
  const locate = locator(analysis.tree.text, analysis.tree.files, (file) => file.path);
  const lineOf = (span: Span): string => `line ${locate(span.start).line}`;
  const names = directiveNames(analysis);
  // The main server's lines are merged into every virtual host: when they take every port, a request to the first one shows them.
  const reachable = [server, ...(server === servers.main ? servers.vhosts : [])].find((each) => requestTo(analysis, each, '/'));
  const paths = examplePaths(subject);
  const rows: string[] = [];
  for (const path of paths) {
    const sent = requestPath(path);
    const request = reachable && requestTo(analysis, reachable, sent);
    if (!request) continue;
    const trace = traceRequest(analysis, request);
    rows.push(`- ${codeSpan(`GET ${sent}`)} → ${outcome(analysis, trace, path)}${decidedElsewhere(trace, subject.line, names, lineOf)}`);
  }
  const markdown =
    rows.length > 0
      ? ['**example requests** (what Apache does to them)', '', ...rows].join('\n')
      : paths.length > 0
        ? '**example requests**: no request reaches this server (another one answers every address, port and name it has)'
        : `**example requests**: no path this ${subject.isRegex ? 'pattern' : 'line'} matches could be derived`;
  return { markdown, span: subject.line.span };
}

/** The request-mapping line whose span holds `offset`, with its enclosing virtual host. */
function subjectAt(analysis: Analysis, offset: number): Subject | undefined {
  const sections: Section[] = [];
  let vhost: Section | undefined;
  for (const step of walk(analysis.tree.nodes)) {
    if (step.kind === 'enter') {
      const name = asciiLower(step.section.name);
      if (name === 'virtualhost' && !vhost) vhost = step.section;
      else sections.push(step.section);
      if (sections.length === 1 && isLocation(step.section) && holds(step.section.open.span, offset)) {
        const path = sectionPath(step.section);
        return path && { line: step.section.open, ...path, vhost };
      }
    } else if (step.kind === 'leave') {
      if (step.section === vhost) vhost = undefined;
      else sections.pop();
    } else if (holds(step.directive.span, offset)) {
      const path = directivePath(step.directive, sections);
      return path && { line: step.directive, ...path, vhost };
    }
  }
  return undefined;
}

function holds(span: Span, offset: number): boolean {
  return offset >= span.start && offset <= span.end;
}

function isLocation(section: Section): boolean {
  const name = asciiLower(section.name);
  return name === 'location' || name === 'locationmatch';
}

/** A `<Location>`'s path (a `<LocationMatch>`'s or `<Location ~>`'s pattern). */
function sectionPath(section: Section): { path: string; isRegex: boolean } | undefined {
  const [first, second] = section.args.map((word) => word.value);
  const isRegex = asciiLower(section.name) === 'locationmatch' || first === '~';
  const path = first === '~' ? second : first;
  return path === undefined ? undefined : { path, isRegex };
}

/** The path a mapping directive matches, when it is at server level (or, for ProxyPass, in a `<Location>`). */
function directivePath(directive: Directive, sections: readonly Section[]): { path: string; isRegex: boolean } | undefined {
  const name = asciiLower(directive.name);
  const words = directive.args.map((word) => word.value);
  if (name === 'proxypass' || name === 'proxypassmatch') {
    if (sections.length === 1 && isLocation(sections[0]!)) {
      const located = sectionPath(sections[0]!);
      return located && { path: located.path, isRegex: located.isRegex || name === 'proxypassmatch' };
    }
    if (sections.length > 0) return undefined;
    const isTilde = words[0] === '~';
    const path = isTilde ? words[1] : words[0];
    return path === undefined ? undefined : { path, isRegex: isTilde || name === 'proxypassmatch' };
  }
  if (sections.length > 0) return undefined;
  if (name === 'rewriterule') {
    const rewrite = rewriteArguments(directive);
    const pattern = rewrite?.first.value;
    const flags = flagsOf(rewrite?.flags?.value);
    const isProxy = flags.has('p') || flags.has('proxy');
    return isProxy && pattern !== undefined && !pattern.startsWith('!') ? { path: pattern, isRegex: true } : undefined;
  }
  if (name === 'alias' || name === 'scriptalias') return words[0] === undefined ? undefined : { path: words[0], isRegex: false };
  return undefined;
}

/** A path under a prefix, then the prefix alone (`/api/page`, `/api`); for a pattern, one path it matches. */
function examplePaths(subject: Subject): string[] {
  if (subject.isRegex) {
    const sample = pathMatching(subject.path);
    return sample === undefined ? [] : [sample];
  }
  const path = subject.path;
  if (!path.startsWith('/')) return [];
  if (path === '/') return [pathUnder(path)];
  return [pathUnder(path), path.endsWith('/') ? path.slice(0, -1) : path];
}

/** What happens to the request, in a few words: the member and the URL it receives, or Apache's own answer. */
function outcome(analysis: Analysis, trace: Trace, path: string): string {
  const last = trace.steps.at(-1)?.what ?? '';
  if (trace.handledBy === 'proxy' && trace.backendRequest) {
    const url = trace.backendRequest.url;
    const letter = memberOf(analysis, trace);
    const warnings = slashWarnings(url, path);
    return `${letter === undefined ? '' : `${letter} `}${codeSpan(url)}${warnings.map((warning) => ` ⚠ ${warning}`).join('')}`;
  }
  if (trace.clientLocation !== null) return `redirect ${trace.status ?? ''} to ${codeSpan(trace.clientLocation)}`;
  const unseen = trace.balancer === null ? undefined : unseenBalancer(analysis, trace.balancer);
  if (unseen) return escapeMarkdown(unseen);
  const reason = trace.steps.filter((step) => step.span === undefined || !/^<|^member |^balancer /.test(step.what)).at(-1)?.what;
  if (trace.handledBy === 'error')
    return `Apache answers **${trace.status ?? '?'}**: ${escapeMarkdown((reason ?? last).replace(/:? ?Apache answers \d+$/, ''))}`;
  return `Apache answers itself: ${escapeMarkdown(last)}`;
}

/**
 * For a balancer this file's configuration names without its members (they are in a file it does
 * not include), where they are, instead of the 503 a configuration of this file alone would give.
 */
function unseenBalancer(analysis: Analysis, name: string): string | undefined {
  const unseen = analysis.previews.find((preview) => preview.balancer.name === name && preview.unseen)?.unseen;
  if (!unseen) return undefined;
  if (unseen.elsewhere) {
    const file = unseen.elsewhere.file.slice(unseen.elsewhere.file.lastIndexOf('/') + 1) || 'another file';
    return `${name}, whose members are in ${file}, which this file's configuration does not include`;
  }
  return `${name}, not found in the ${plural(unseen.filesRead, 'file')} read: its members are likely in a file that includes this one`;
}

/** The member's letter in its balancer, when a balancer took the request. */
function memberOf(analysis: Analysis, trace: Trace): string | undefined {
  if (trace.balancer === null || trace.member === null) return undefined;
  for (const balancer of analysis.model.balancers) {
    if (balancer.name !== trace.balancer) continue;
    const index = balancer.members.findIndex((member) => member.url === trace.member);
    if (index >= 0) return memberLetter(index);
  }
  return undefined;
}

/** `//` in the member's path, or the sample segment glued to the target's path (`/v1x`). */
function slashWarnings(url: string, path: string): string[] {
  const memberPath = urlPath(url);
  const warnings: string[] = [];
  if (memberPath.includes('//')) warnings.push('the member receives a doubled slash');
  const segment = path.split('/').at(-1) ?? '';
  if (segment !== '' && memberPath.endsWith(segment) && !memberPath.endsWith(`/${segment}`))
    warnings.push(`the slash before ${codeSpan(segment)} is lost`);
  return warnings;
}

/** When another line decides (an earlier ProxyPass, an exclusion, a RewriteRule), which one. */
function decidedElsewhere(trace: Trace, line: Directive, names: ReadonlyMap<number, string>, lineOf: (span: Span) => string): string {
  if (trace.steps.some((step) => step.span?.start === line.span.start)) return '';
  const decider = trace.steps.find((step) => step.span !== undefined && DECIDERS.has(names.get(step.span.start) ?? ''));
  return decider?.span ? ` · not this line: ${escapeMarkdown(decider.what)} (${lineOf(decider.span)})` : ' · this line does not take it';
}

/** Directives whose step says who took a request. */
const DECIDERS = new Set(['proxypass', 'proxypassmatch', 'rewriterule', 'alias', 'scriptalias', 'require', 'documentroot']);

/**
 * Each directive's lower-case name by the start of its span (the last one's, where lines share one),
 * made once per tree from the names the shared index keeps by walk position.
 */
const DIRECTIVE_NAMES = new WeakMap<SyntaxTree, ReadonlyMap<number, string>>();

function directiveNames(analysis: Analysis): ReadonlyMap<number, string> {
  const nodes = analysis.tree.nodes;
  let names = DIRECTIVE_NAMES.get(analysis.tree);
  if (!names) {
    const folded = foldedNames(nodes);
    const made = new Map<number, string>();
    walk(nodes).forEach((step, position) => {
      if (step.kind === 'directive') made.set(step.directive.span.start, folded[position]!);
    });
    DIRECTIVE_NAMES.set(analysis.tree, (names = made));
  }
  return names;
}

import type { Directive, Node, Section } from '../syntax/tree';
import { stepsNamed } from '../syntax/named';
import { walk } from '../syntax/walk';
import { indentationAt } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/** Sections whose directives apply to one request path. */
const LOCATION = 'location';
const REGEX_SECTIONS = new Set(['locationmatch']);
/** Directives that decide who may reach a path: mod_authz_core and mod_access_compat. */
const REQUIRE = new Set(['require', '<requireall', '<requireany', '<requirenone']);
const COMPAT = new Set(['order', 'allow', 'deny']);
/** Sections inside a <Location> that narrow a request but do not give it a new path. */
const TRANSPARENT = new Set(['limit', 'limitexcept', 'if', 'elseif', 'else']);

export const rule: Rule = {
  id: 'balancer-manager-unprotected',
  severity: 'warning',
  docs: {
    summary: '`SetHandler balancer-manager` that anyone can reach: no access control, or one that lets everyone in',
    why: 'The balancer-manager page changes members at run time (disable, drain, weights, add members when growth allows); open to everyone, anyone who can reach the server can take your backends out of rotation.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    // Most configurations serve no balancer-manager: then nothing needs the walk below.
    const nodes = analysis.tree.nodes;
    if (!stepsNamed(nodes, ['sethandler']).some((step) => step.kind === 'directive' && isManagerHandler(step.directive))) return findings;
    // The innermost virtual host and path section of every open section, kept as the walk goes:
    // searching the open sections at each step would be quadratic in the nesting depth.
    const open: { vhost: Section | undefined; path: Section | undefined }[] = [];
    const scopes = new Map<Section | undefined, Scope>();
    const scopeOf = (vhost: Section | undefined): Scope => {
      let scope = scopes.get(vhost);
      if (!scope) {
        scope = { byPath: new Map(), lengths: new Set(), uncertain: false };
        scopes.set(vhost, scope);
      }
      return scope;
    };
    const handlers: { directive: Directive; section: Section | undefined; vhost: Section | undefined }[] = [];
    let order = 0;
    for (const step of walk(nodes)) {
      if (step.kind === 'enter') {
        const outer = open.at(-1);
        const name = step.section.name.toLowerCase();
        const isVhost = name === 'virtualhost';
        const isPath = !isVhost && !TRANSPARENT.has(name) && !REQUIRE.has(`<${name}`);
        open.push({ vhost: isVhost ? step.section : outer?.vhost, path: isVhost ? undefined : isPath ? step.section : outer?.path });
        if (isPathSection(step.section)) addLocation(scopeOf(open.at(-1)!.vhost), step.section, order++);
      } else if (step.kind === 'leave') open.pop();
      else if (isManagerHandler(step.directive)) {
        handlers.push({ directive: step.directive, section: open.at(-1)?.path, vhost: open.at(-1)?.vhost });
      }
    }
    // Once, not per handler: searching the whole text for each would be quadratic.
    const newline = handlers.length > 0 && text.includes('\r\n') ? '\r\n' : '\n';
    for (const handler of handlers) {
      const section = handler.section;
      let merged: Section[];
      if (!section || (section.name.toLowerCase() === LOCATION && !isRegexSection(section))) {
        // Every <Location> of this server (or of the main server) whose path prefixes this one merges into it;
        // a handler outside any section serves every path, which only <Location /> covers.
        const path = section ? (section.args[0]?.value ?? '') : '/';
        // merge_core_dir_configs: a virtual host's sections come after the main server's.
        const visible = [scopes.get(undefined), handler.vhost ? scopes.get(handler.vhost) : undefined];
        // A regex section with access rules might match this path too: too uncertain to report.
        if (visible.some((scope) => scope?.uncertain)) continue;
        merged = visible.flatMap((scope) => (scope ? mergedIn(scope, path) : []));
      } else {
        merged = [section];
      }
      const access = accessOf(merged);
      if (access.kind === 'protected') continue;
      const word = handler.directive.args[0]!;
      findings.push({
        span: word.span,
        message: `anyone can use this balancer-manager (${access.reason}): restrict it, e.g. "Require local"`,
        related: section ? [{ span: section.open.span, message: 'the section serving the balancer-manager' }] : [],
        fixes: fixFor(text, handler.directive, access, newline),
      });
    }
    return findings;
  },
};

/**
 * The path sections of the main server or of one virtual host. Sections of one path are kept as
 * the few that decide their merged access (see `deciders`), so a handler merges a handful of
 * sections per distinct path length instead of every section of the server.
 */
interface Scope {
  readonly byPath: Map<string, { deciders: Section[]; order: Map<Section, number> }>;
  /** The lengths of the paths in `byPath`: a handler's path is looked up at each. */
  readonly lengths: Set<number>;
  /** A regex section with access rules, which may or may not match a handler's path. */
  uncertain: boolean;
}

function addLocation(scope: Scope, section: Section, order: number): void {
  if (isRegexSection(section)) {
    scope.uncertain ||= accessOf([section]).kind !== 'unrestricted';
    return;
  }
  const path = section.args[0]?.value;
  if (path === undefined) return;
  let group = scope.byPath.get(path);
  if (!group) {
    group = { deciders: [], order: new Map() };
    scope.byPath.set(path, group);
    scope.lengths.add(path.length);
  }
  group.order.set(section, order);
  group.deciders = deciders([...group.deciders, section]);
}

/** The sections of `scope` whose path prefixes `path`, in the order Apache merges them. */
function mergedIn(scope: Scope, path: string): Section[] {
  const found: { section: Section; order: number }[] = [];
  for (const length of scope.lengths) {
    if (length > path.length) continue;
    const group = scope.byPath.get(path.slice(0, length));
    for (const section of group?.deciders ?? []) found.push({ section, order: group!.order.get(section)! });
  }
  return found.sort((a, b) => a.order - b.order).map((entry) => entry.section);
}

/**
 * Of sections in merge order, the last with Require lines, with Allow lines, with Deny lines and
 * with an Order: merging only these gives the same access as merging all of them (see accessOf).
 */
function deciders(sections: readonly Section[]): Section[] {
  const last = (has: (parts: AccessParts) => boolean): Section | undefined => {
    for (let i = sections.length - 1; i >= 0; i--) if (has(partsOf(sections[i]!))) return sections[i];
    return undefined;
  };
  const kept = new Set([
    last((parts) => parts.requires.length > 0),
    last((parts) => parts.allows.length > 0),
    last((parts) => parts.denies.length > 0),
    last((parts) => parts.order !== undefined),
  ]);
  return sections.filter((section) => kept.has(section));
}

/** Who may reach a path, as far as this file tells. */
interface Access {
  /** unrestricted: no access directive applies; open: some do, but let everyone in. */
  readonly kind: 'protected' | 'unrestricted' | 'open';
  readonly reason: string;
  /** The `Require all granted` lines that open it, for the fix. */
  readonly granted: readonly Directive[];
  readonly usesCompat: boolean;
}

/**
 * Access after merging `sections` in order. mod_authz_core: the last section with Require lines
 * wins (AuthMerging Off). mod_access_compat: the last Order, the last section's Allow lines and
 * the last section's Deny lines; under Deny,Allow (the default) Allow is checked last (verified:
 * Deny from all + Allow from all lets everyone in), under Allow,Deny Deny is (verified).
 */
function accessOf(sections: readonly Section[]): Access {
  let requires: Directive[] = [];
  let granted: Directive[] = [];
  let allows: Directive[] | undefined;
  let denies: Directive[] | undefined;
  let order = 'deny,allow';
  for (const section of sections) {
    const parts = partsOf(section);
    if (parts.requires.length > 0) {
      requires = parts.requires;
      granted = parts.opening;
    }
    if (parts.allows.length > 0) allows = parts.allows;
    if (parts.denies.length > 0) denies = parts.denies;
    if (parts.order !== undefined) order = parts.order;
  }
  const from = (lines: readonly Directive[] | undefined): string[] =>
    (lines ?? []).flatMap((line) => line.args.slice(1).map((word) => word.value.toLowerCase()));
  const allowAll = from(allows).includes('all');
  const denyAll = from(denies).includes('all');
  const usesCompat = allows !== undefined || denies !== undefined;
  const compatProtects = usesCompat && (order === 'deny,allow' ? denyAll && !allowAll : !allowAll || denyAll);
  // Require lines outside a container must all fail to deny (RequireAny): one "all granted" opens it.
  if ((requires.length > 0 && granted.length === 0) || compatProtects) return { kind: 'protected', reason: '', granted, usesCompat };
  if (!usesCompat && requires.length === 0) return { kind: 'unrestricted', reason: 'nothing restricts access', granted, usesCompat };
  let reason = '"Require all granted" lets all in';
  if (usesCompat && order === 'deny,allow' && allowAll) {
    reason = denyAll ? '"Allow from all" wins under Deny,Allow' : '"Allow from all" lets all in';
  } else if (usesCompat && allowAll) reason = '"Allow from all" lets all in';
  else if (usesCompat) reason = 'its Deny lines name only some hosts';
  return { kind: 'open', reason, granted, usesCompat };
}

/** What one section says about access. */
interface AccessParts {
  /** Require lines and sections. */
  readonly requires: Directive[];
  /** Its `Require all granted` lines that can open the path on their own. */
  readonly opening: Directive[];
  readonly allows: Directive[];
  readonly denies: Directive[];
  /** The value of its last Order line, lower-cased, when that line has one. */
  readonly order: string | undefined;
}

/** Access per section, found once: several handlers may merge the same sections. */
const ACCESS = new WeakMap<Section, AccessParts>();

/**
 * Access directives among a section's children, nested Limit, If and Require sections included
 * (other sections hold their own rules, and Apache refuses most of them inside a <Location>); a
 * `Require all granted` inside <RequireAll> or <RequireNone> cannot open the path by itself.
 */
function partsOf(section: Section): AccessParts {
  const cached = ACCESS.get(section);
  if (cached) return cached;
  const found: Directive[] = [];
  const opening: Directive[] = [];
  // Depth first with an explicit stack, conditionals spliced as in walk(); other sections are not entered.
  const stack: { node: Node; restricted: boolean }[] = [...section.children].reverse().map((node) => ({ node, restricted: false }));
  while (stack.length > 0) {
    const { node, restricted } = stack.pop()!;
    if (node.kind === 'directive') {
      if (REQUIRE.has(node.name.toLowerCase()) || COMPAT.has(node.name.toLowerCase())) {
        found.push(node);
        if (!restricted && isRequireAllGranted(node)) opening.push(node);
      }
      continue;
    }
    const name = node.name.toLowerCase();
    let inner = restricted;
    if (node.condition) {
      if (!node.condition.active) continue;
    } else if (REQUIRE.has(`<${name}`)) {
      found.push(node.open);
      inner ||= /^require(all|none)$/.test(name);
    } else if (!TRANSPARENT.has(name)) continue;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, restricted: inner });
  }
  const named = (name: string): Directive[] => found.filter((directive) => directive.name.toLowerCase() === name);
  const parts: AccessParts = {
    requires: found.filter((directive) => REQUIRE.has(directive.name.toLowerCase())),
    opening,
    allows: named('allow'),
    denies: named('deny'),
    order: named('order').at(-1)?.args[0]?.value.toLowerCase() || undefined,
  };
  ACCESS.set(section, parts);
  return parts;
}

function isManagerHandler(directive: Directive): boolean {
  return directive.name.toLowerCase() === 'sethandler' && directive.args[0]?.value.toLowerCase() === 'balancer-manager';
}

function isRequireAllGranted(directive: Directive): boolean {
  const [first, second, third] = directive.args.map((word) => word.value.toLowerCase());
  return directive.name.toLowerCase() === 'require' && first === 'all' && second === 'granted' && third === undefined;
}

function fixFor(text: string, handler: Directive, access: Access, newline: string): Fix[] {
  const title = 'Allow only requests from this host (Require local)';
  const granted = access.granted[0];
  if (access.kind === 'open' && !access.usesCompat && access.granted.length === 1 && granted) {
    const args = { start: granted.args[0]!.span.start, end: granted.args.at(-1)!.span.end };
    return [{ title, safe: false, edits: [{ span: args, newText: 'local' }] }];
  }
  if (access.kind !== 'unrestricted') return [];
  const indent = indentationAt(text, handler.span.start);
  return [
    {
      title,
      safe: false,
      edits: [{ span: { start: handler.span.end, end: handler.span.end }, newText: `${newline}${indent}Require local` }],
    },
  ];
}

function isPathSection(section: Section): boolean {
  const name = section.name.toLowerCase();
  return name === LOCATION || REGEX_SECTIONS.has(name);
}

function isRegexSection(section: Section): boolean {
  return REGEX_SECTIONS.has(section.name.toLowerCase()) || section.args[0]?.value === '~';
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Location "/balancer-manager">\n    SetHandler balancer-manager\n    Require all granted\n</Location>',
  good: '<Location "/balancer-manager">\n    SetHandler balancer-manager\n    Require ip 10.0.0.0/8\n</Location>',
};

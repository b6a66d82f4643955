import { asciiLower } from '../ascii';
import type { Balancer } from '../model/model';
import { balancerName, workerUrl } from '../model/urls';
import { enclosing, foldedName, stepsNamed } from '../syntax/named';
import type { Directive, Node, Section } from '../syntax/tree';
import type { Word } from '../syntax/words';
import type { Fix, Rule } from './types';

/** A line that proxies requests to a balancer: a ProxyPass or a `RewriteRule … [P]`. */
export interface BalancerPass {
  readonly directive: Directive;
  /** The URL (or substitution) word naming the balancer. */
  readonly url: Word;
  /** Normalised balancer name, `balancer://name`. */
  readonly name: string;
  /** What follows the name in the URL, as written (`/app/`, `/$1`, or nothing). */
  readonly rest: string;
  /** The path a ProxyPass maps (its own, or its `<Location>`'s); undefined for a RewriteRule or a regular expression. */
  readonly path: string | undefined;
  readonly vhost: Section | undefined;
  /** What a mirroring ProxyPassReverse is made of, when one can be written (a plain ProxyPass). */
  readonly reverse: Mirror | undefined;
}

/** The parts of the ProxyPassReverse that mirrors a ProxyPass, as written (quotes kept). */
export interface Mirror {
  /** The path mapped: the ProxyPass's own, or its `<Location>`'s. */
  readonly path: string;
  readonly url: string;
  /** The `<Location>` the ProxyPass stands in, if any. */
  readonly location: Section | undefined;
}

export const rule: Rule = {
  id: 'missing-proxypassreverse',
  severity: 'warning',
  docs: {
    summary:
      'a ProxyPass or `RewriteRule … [P]` to a balancer with no ProxyPassReverse for the balancer (or for all of its members) in its server',
    why: "Without ProxyPassReverse Apache passes a member's redirect on as it is: the client receives `Location: http://10.0.0.1:8080/login`, an address it cannot reach (or should never see). `ProxyPassReverse PATH balancer://name/` rewrites the redirects of every member. Write PATH without its trailing slash (`/shop`, not `/shop/`): Apache appends the rest of the member's URL, `/login`, to PATH as written, so `/shop/` turns the redirect into `/shop//login`.",
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
    good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
  },
  *check({ analysis }) {
    const text = analysis.tree.text;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const { passes, reverses } = proxyLines(analysis.tree.nodes, text);
    const scopes = reverseIndex(reverses);
    const balancers = balancerIndex(analysis.model.balancers);
    for (const pass of passes) {
      // The main server's ProxyPassReverse lines apply in every virtual host; a virtual host's only there.
      const visible = [scopes.get(undefined), ...(pass.vhost ? [scopes.get(pass.vhost)] : [])].filter((scope) => scope !== undefined);
      if (visible.some((scope) => scope.hasVariable || scope.balancers.has(pass.name))) continue;
      // A balancer defined in another file: its ProxyPassReverse may well be there too.
      const members = membersOf(balancers.get(pass.name), pass.vhost);
      // WebSocket members answer an upgrade, not a redirect.
      if (members === undefined || members.every((member) => /^wss?:/i.test(member))) continue;
      const covered = members.filter((member) => visible.some((scope) => covers(scope.urls, member))).length;
      if (covered === members.length) continue;
      const fixes = fixFor(text, pass, members, newline);
      yield {
        span: pass.url.span,
        message:
          covered > 0
            ? `ProxyPassReverse names ${covered} of ${members.length} members of ${pass.name}, so the others' redirects leak their address: name the balancer`
            : `no ProxyPassReverse for ${pass.name}, so a member's redirect leaks its own address: add one for the balancer`,
        ...(fixes.length > 0 ? { fixes } : {}),
      };
    }
  },
};

/** What one server's ProxyPassReverse lines map back. */
interface ReverseScope {
  /** Balancers named (`balancer://name/…`): all their members are covered. */
  readonly balancers: Set<string>;
  /** Other URLs, as Apache names workers, without trailing slashes. */
  readonly urls: Set<string>;
  /** A URL still holding `${VAR}`: what it maps is unknown. */
  hasVariable: boolean;
}

/** The ProxyPassReverse lines by virtual host (undefined: the main server), indexed once so each ProxyPass costs its members, not every line. */
function reverseIndex(reverses: readonly ReverseLine[]): Map<Section | undefined, ReverseScope> {
  const scopes = new Map<Section | undefined, ReverseScope>();
  for (const line of reverses) {
    let scope = scopes.get(line.vhost);
    if (!scope) scopes.set(line.vhost, (scope = { balancers: new Set(), urls: new Set(), hasVariable: false }));
    for (const url of line.urls) {
      if (url.includes('${')) scope.hasVariable = true;
      const named = balancerName(url);
      if (/^balancer:/i.test(url) && 'name' in named) scope.balancers.add(named.name);
      else {
        const parsed = workerUrl(url);
        if (!('error' in parsed)) scope.urls.add(parsed.name.replace(/\/+$/, ''));
      }
    }
  }
  return scopes;
}

/** Balancers by name and server (undefined: the main server): one lookup per ProxyPass, however many virtual hosts there are. */
function balancerIndex(balancers: readonly Balancer[]): Map<string, Map<Section | undefined, Balancer>> {
  const index = new Map<string, Map<Section | undefined, Balancer>>();
  for (const balancer of balancers) {
    let byServer = index.get(balancer.name);
    if (!byServer) index.set(balancer.name, (byServer = new Map()));
    const server = balancer.scope.kind === 'vhost' ? balancer.scope.section : undefined;
    if (!byServer.has(server)) byServer.set(server, balancer);
  }
  return index;
}

/** The balancer's member names (Apache's normalised worker names), or undefined when it is not defined in this file. */
function membersOf(byServer: ReadonlyMap<Section | undefined, Balancer> | undefined, vhost: Section | undefined): string[] | undefined {
  // The virtual host's own balancer wins over the main server's of the same name.
  const balancer = (vhost ? byServer?.get(vhost) : undefined) ?? byServer?.get(undefined);
  // A virtual host's balancer that took the main server's members (BalancerInherit) has those.
  const members = (balancer?.inherited?.from ?? balancer)?.members ?? [];
  return members.length === 0 ? undefined : members.map((member) => member.name);
}

/** A ProxyPassReverse URL equal to the member's URL or a prefix of it ending at a `/`, as mod_proxy compares a Location header with it. */
function covers(urls: ReadonlySet<string>, member: string): boolean {
  const own = member.replace(/\/+$/, '');
  if (urls.has(own)) return true;
  const authority = own.indexOf('/', own.indexOf('://') + 3);
  for (let slash = own.lastIndexOf('/'); slash >= authority && authority > 0; slash = own.lastIndexOf('/', slash - 1)) {
    if (urls.has(own.slice(0, slash))) return true;
  }
  return false;
}

/** A ProxyPassReverse line's words (a misplaced path among them is another rule's finding) and its virtual host. */
interface ReverseLine {
  readonly urls: readonly string[];
  readonly vhost: Section | undefined;
}

/** The balancer lines and ProxyPassReverse lines of a tree (see proxyLines). */
interface ProxyLines {
  readonly passes: readonly BalancerPass[];
  readonly reverses: readonly ReverseLine[];
}

/** The sections that give a ProxyPass its path and its ProxyPassReverse. */
const LOCATIONS = new Set(['location', 'locationmatch']);

const PROXY_LINES = new WeakMap<readonly Node[], ProxyLines>();

/**
 * Every ProxyPass and `RewriteRule … [P]` whose target is a balancer, and every ProxyPassReverse, with their virtual
 * hosts; found once per (frozen) tree for this rule and member-trailing-slash.
 */
export function proxyLines(nodes: readonly Node[], text: string): ProxyLines {
  const cached = PROXY_LINES.get(nodes);
  if (cached) return cached;
  const passes: BalancerPass[] = [];
  const reverses: ReverseLine[] = [];
  for (const step of stepsNamed(nodes, ['proxypassreverse', 'proxypass', 'rewriterule'])) {
    if (step.kind !== 'directive') continue;
    const directive = step.directive;
    const name = asciiLower(directive.name);
    const vhost = enclosing(nodes, step.parent, 'virtualhost');
    const location = enclosing(nodes, step.parent, LOCATIONS);
    let url: Word | undefined;
    let reverse: Mirror | undefined;
    let path: string | undefined;
    if (name === 'proxypassreverse') reverses.push({ urls: directive.args.map((word) => word.value), vhost });
    else if (name === 'proxypass') {
      const [first, second] = directive.args;
      if (first?.value === '~') url = location ? first : directive.args[2];
      else if (location) {
        url = first;
        const isPlain = foldedName(nodes, location) === 'location' && location.args[0]?.value !== '~';
        const locationPath = location.args[0];
        if (first && isPlain && locationPath) {
          reverse = { path: raw(text, locationPath), url: raw(text, first), location };
          path = locationPath.value;
        }
      } else {
        url = second;
        if (first && second) {
          reverse = { path: raw(text, first), url: raw(text, second), location: undefined };
          path = first.value;
        }
      }
    } else if (name === 'rewriterule' && isProxyFlag(directive.args[2]?.value)) url = directive.args[1];
    if (!url || !/^balancer:\/\//i.test(url.value) || url.value.includes('${') || url.value.includes('%{')) continue;
    const named = balancerName(url.value.split(/[$?]/)[0]!);
    if (!('name' in named)) continue;
    const rest = url.value.slice(named.name.length);
    passes.push({ directive, url, name: named.name, rest, path, vhost, reverse });
  }
  const lines = { passes, reverses };
  PROXY_LINES.set(nodes, lines);
  return lines;
}

/** `[P]`, `[L,P]`, `[proxy]`: mod_rewrite's flag that hands the substitution to mod_proxy. */
function isProxyFlag(flags: string | undefined): boolean {
  if (!flags?.startsWith('[') || !flags.endsWith(']')) return false;
  return flags
    .slice(1, -1)
    .split(',')
    .some((flag) => ['p', 'proxy'].includes(asciiLower(flag.trim())));
}

function raw(text: string, word: Word): string {
  return text.slice(word.span.start, word.span.end);
}

/**
 * Adds the ProxyPassReverse that mirrors the ProxyPass, with the same indentation: on the next line, or
 * after its `<Location>` when the path must change. Apache appends what follows the member's URL in a
 * redirect (`/login`) to the path as written, so the path loses its trailing slash unless every member
 * URL keeps one (checked on Apache 2.4.71 in test/apache/proxypassreverse-forms.test.ts).
 */
function fixFor(text: string, pass: BalancerPass, members: readonly string[], newline: string): Fix[] {
  const mirror = pass.reverse;
  if (mirror === undefined) return [];
  const bare = mirror.path.replace(/^["']|["']$/g, '');
  const keepsSlash = bare === '/' || !bare.endsWith('/') || members.every((member) => member.endsWith('/'));
  const path = keepsSlash ? mirror.path : mirror.path.replace(/\/+(["']?)$/, '$1');
  const inPlace = mirror.location !== undefined && path === mirror.path;
  const line = inPlace ? `ProxyPassReverse ${mirror.url}` : `ProxyPassReverse ${path} ${mirror.url}`;
  const after: Node = inPlace || mirror.location === undefined ? pass.directive : mirror.location;
  const start = after.kind === 'section' ? after.open.span.start : after.span.start;
  const indent = /^[ \t]*$/.exec(text.slice(text.lastIndexOf('\n', start - 1) + 1, start))?.[0] ?? '';
  const at = after.span.end;
  return [
    {
      title: `Add "${line}"`,
      safe: false,
      edits: [{ span: { start: at, end: at }, newText: `${newline}${indent}${line}` }],
    },
  ];
}

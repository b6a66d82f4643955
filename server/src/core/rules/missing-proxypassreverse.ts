import type { Balancer } from '../model/model';
import { balancerName, isBalancerUrl, workerUrl } from '../model/urls';
import type { Node, Section } from '../syntax/tree';
import { BalancerPass, proxyLines, ReverseLine } from '../requests/proxy-lines';
import { runIndex, runIndexKey } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

/**
 * The main server's balancers with members, and its ProxyPassReverse lines, over every file of the
 * run: files given together without one that includes the others (`conf.d/` and `sites/`) are one
 * server, so a ProxyPass in one meets the balancer and the ProxyPassReverse lines of another.
 */
const MAIN_SERVER = runIndexKey((files) => {
  const balancers = new Map<string, Balancer>();
  for (const file of files)
    for (const balancer of file.model.balancers)
      if (balancer.scope.kind === 'main' && balancer.members.length > 0 && !balancers.has(balancer.name))
        balancers.set(balancer.name, balancer);
  const reverses = files.flatMap((file) => proxyLines(file.tree.nodes, file.tree.text).reverses.filter((line) => line.vhost === undefined));
  return { balancers, reverses: reverseIndex(reverses).get(undefined) };
});

export const rule: Rule = {
  id: 'missing-proxypassreverse',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'a ProxyPass or `RewriteRule … [P]` to a balancer with no ProxyPassReverse for the balancer (or for all of its members) in its server',
    why: "Without ProxyPassReverse Apache passes a member's redirect on as it is: the client receives `Location: http://10.0.0.1:8080/login`, an address it cannot reach (or should never see). `ProxyPassReverse PATH balancer://name/` rewrites the redirects of every member. Write PATH without its trailing slash (`/shop`, not `/shop/`): Apache appends the rest of the member's URL, `/login`, to PATH as written, so `/shop/` turns the redirect into `/shop//login`.",
  },
  check({ analysis, run }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const { passes, reverses } = proxyLines(analysis.tree.nodes, text);
    if (passes.length === 0) return findings;
    const scopes = reverseIndex(reverses);
    const balancers = balancerIndex(analysis.model.balancers);
    const mainServer = run.length > 1 ? runIndex(run, MAIN_SERVER) : undefined;
    // The main server's ProxyPassReverse lines apply in every virtual host; a virtual host's only there.
    const visibleIn = new Map<Section | undefined, ReverseScope[]>();
    const visibleAt = (vhost: Section | undefined): ReverseScope[] => {
      let visible = visibleIn.get(vhost);
      if (!visible) {
        visible = [scopes.get(undefined), mainServer?.reverses, ...(vhost ? [scopes.get(vhost)] : [])].filter(
          (scope) => scope !== undefined,
        );
        visibleIn.set(vhost, visible);
      }
      return visible;
    };
    for (const pass of passes) {
      const visible = visibleAt(pass.vhost);
      if (visible.some((scope) => scope.hasVariable || scope.balancers.has(pass.name))) continue;
      // A balancer whose members are in a file outside the run: its ProxyPassReverse may well be there too.
      const elsewhere = mainServer?.balancers.get(pass.name);
      const members = membersOf(balancers.get(pass.name), pass.vhost) ?? (elsewhere && elsewhere.members.map((member) => member.name));
      // WebSocket members answer an upgrade, not a redirect.
      if (members === undefined || members.every((member) => /^wss?:/i.test(member))) continue;
      const covered = members.filter((member) => visible.some((scope) => covers(scope.urls, member))).length;
      if (covered === members.length) continue;
      const fixes = fixFor(text, pass, members, newline);
      findings.push({
        span: pass.url.span,
        message:
          covered > 0
            ? `ProxyPassReverse names ${covered} of ${members.length} members of ${pass.name}, so the others' redirects leak their address: name the balancer`
            : `no ProxyPassReverse for ${pass.name}, so a member's redirect leaks its own address: add one for the balancer`,
        ...(fixes.length > 0 ? { fixes } : {}),
      });
    }
    return findings;
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
      const named = isBalancerUrl(url) ? balancerName(url) : undefined;
      if (named && 'name' in named) scope.balancers.add(named.name);
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

/**
 * Adds the ProxyPassReverse that mirrors the ProxyPass, with the same indentation: on the next line, or
 * after its `<Location>` when the path must change. Apache appends what follows the member's URL in a
 * redirect (`/login`) to the path as written, so the path loses its trailing slash unless every member
 * URL keeps one, or the balancer URL's own path does (checked on Apache 2.4.71 in test/apache/proxypassreverse-forms.test.ts).
 */
function fixFor(text: string, pass: BalancerPass, members: readonly string[], newline: string): Fix[] {
  const mirror = pass.reverse;
  if (mirror === undefined) return [];
  const bare = mirror.path.replace(/^["']|["']$/g, '');
  // The part replaced ends with a slash when every member URL does, or when the balancer URL has a path ending in one.
  const keepsSlash =
    bare === '/' || !bare.endsWith('/') || members.every((member) => member.endsWith('/')) || pathEndsWithSlash(mirror.url);
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

/** Whether a balancer URL as written (quotes kept) has a path of its own ending with a slash (`balancer://app/app/`). */
function pathEndsWithSlash(url: string): boolean {
  const path = url.replace(/^["']|["']$/g, '').replace(/^balancer:\/\/[^/]*/i, '');
  return path.length > 1 && path.endsWith('/');
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/shop/" "balancer://shop/"\nProxyPassReverse "/shop" "balancer://shop/"',
};

/**
 * Where each ProxyPass path of a server sends its requests: the first rule whose path matches, as
 * mod_proxy's proxy_trans tries them (a `<Location>`'s rules, then the main server's lines, then a
 * virtual host's own). Used to show a review which paths now reach another balancer.
 */
import type { Analysis } from '../analysis';
import type { Locate } from '../files';
import { balancerName, isBalancerUrl } from '../model/urls';
import { collapseSlashes, earliestCovering, firstRuleByPath, isPlainRule, ProxyRule, proxyRules } from '../requests/proxy-rules';
import { serverKey } from '../model/model';
import type { Section } from '../syntax/tree';

/** One path of one server and what serves it. */
export interface Route {
  /** `main`, or the virtual host as `<VirtualHost ARGS> NAME` (its ServerName, when set). */
  readonly server: string;
  /** The ProxyPass path as written. */
  readonly path: string;
  /** `balancer://name`, another URL, `!` (not proxied), or null when no ProxyPass matches. */
  readonly target: string | null;
  /** The line of the rule that matches, when one does. */
  readonly file: string | null;
  readonly line: number | null;
}

/** The servers of an analysis, each with its plain ProxyPass rules in the order proxy_trans tries them. */
function rulesByServer(analysis: Analysis): Map<string, (ProxyRule & { path: string })[]> {
  const plain = proxyRules(analysis).filter(
    (rule): rule is ProxyRule & { path: string } => rule.kind !== 'ProxyPassReverse' && isPlainRule(rule),
  );
  const main = plain.filter((rule) => !rule.vhost);
  const servers = new Map<string, (ProxyRule & { path: string })[]>([
    ['main', [...main.filter((r) => r.location), ...main.filter((r) => !r.location)]],
  ]);
  const vhosts = new Map<Section, (ProxyRule & { path: string })[]>();
  for (const rule of plain) {
    if (!rule.vhost) continue;
    const own = vhosts.get(rule.vhost);
    if (own) own.push(rule);
    else vhosts.set(rule.vhost, [rule]);
  }
  for (const [vhost, own] of vhosts) {
    // merge_proxy_config: a virtual host tries the main server's lines before its own.
    const ordered = [
      ...own.filter((r) => r.location),
      ...main.filter((r) => r.location),
      ...main.filter((r) => !r.location),
      ...own.filter((r) => !r.location),
    ];
    servers.set(serverKey(vhost), ordered);
  }
  return servers;
}

/** What a URL word reaches, spelled for a review: the balancer's normalised name, else the URL. */
function targetOf(url: string): string {
  if (!isBalancerUrl(url)) return url;
  const named = balancerName(url);
  return 'name' in named ? named.name : url;
}

/** Where a server's paths go: the route of each of its own ProxyPass paths, and of any path asked about. */
export interface Routing {
  readonly routes: readonly Route[];
  route(server: string, path: string): Route;
}

/** The routing of an analysis: every plain ProxyPass path of every server (regular-expression rules are left out). */
export function routing(analysis: Analysis, locate: Locate): Routing {
  const servers = rulesByServer(analysis);
  // The first rule of each path, per server: a lookup costs the path's length, not the number of rules.
  const firstByServer = new Map([...servers].map(([server, rules]) => [server, firstRuleByPath(rules)] as const));
  const route = (server: string, path: string): Route => {
    const first = firstByServer.get(server);
    const rule = first && earliestCovering(first, collapseSlashes(path))?.rule;
    const at = rule && locate(rule.directive.span.start);
    return { server, path, target: rule ? targetOf(rule.url.value) : null, file: at?.file ?? null, line: at?.line ?? null };
  };
  const routes: Route[] = [];
  for (const [server, rules] of servers) {
    const seen = new Set<string>();
    for (const rule of rules) {
      if (seen.has(rule.path)) continue;
      seen.add(rule.path);
      routes.push(route(server, rule.path));
    }
  }
  return { routes, route };
}

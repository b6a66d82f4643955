import { quoted } from '../bounded';
import type { Balancer } from '../model/model';
import { balancerName, isBalancerUrl, schemeEnd } from '../model/urls';
import { urlPath } from '../requests/probe';
import { isPlainRule, proxyRules, ProxyRule } from '../requests/proxy-rules';
import { reverseLocation, ReverseAlias } from '../requests/reverse';
import { aliasMatch } from '../requests/trace';
import type { Section } from '../syntax/tree';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Members of one balancer checked one by one against per-member ProxyPassReverse lines. */
const MAX_MEMBERS = 1000;

export const rule: Rule = {
  id: 'redirect-not-mapped',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      "a ProxyPass whose members' redirects the ProxyPassReverse lines do not bring back to its path: a member left out, or the member's path not mapped",
    why: "ProxyPassReverse rewrites a member's `Location` only where it starts with the URL it names (for a balancer, each member's URL and the balancer URL's path; for a plain URL, that member alone). One that names `balancer://app/` for `ProxyPass / balancer://app/app/` hands the client `/app/login` for the member's `/app/login` (which the proxy maps to `/app/app/login`); one per member that leaves a member out hands the client that member's own address.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const reverses: ProxyRule[] = [];
    const passes: Pass[] = [];
    for (const each of proxyRules(analysis)) {
      if (each.kind === 'ProxyPassReverse') {
        if (each.path !== undefined && !each.url.value.includes('${')) reverses.push(each);
      } else if (each.kind === 'ProxyPass' && isPlainRule(each) && each.url.value !== '!') passes.push(each);
    }
    if (reverses.length === 0) return findings;
    const balancers = new Map<string, Balancer>();
    for (const balancer of analysis.model.balancers) if (!balancers.has(balancer.name)) balancers.set(balancer.name, balancer);
    const byUrl = new Map<string, Balancer | undefined>();
    const balancerOf = (url: string): Balancer | undefined => {
      if (byUrl.has(url)) return byUrl.get(url);
      const named = balancerName(url);
      const balancer = 'name' in named ? balancers.get(named.name) : undefined;
      byUrl.set(url, balancer);
      return balancer;
    };
    const memberNames = new Map<Balancer, string[]>();
    const membersOf = (balancer: Balancer): string[] => {
      let names = memberNames.get(balancer);
      if (!names) memberNames.set(balancer, (names = balancer.members.map((member) => member.name)));
      return names;
    };
    // What a member's Location can be matched by: a line naming a balancer that has a member at its
    // authority, or a line naming a URL at that authority. Indexed once: a scan per ProxyPass is quadratic.
    const reverseIndex = newIndex<Indexed>();
    // Lines that name a member's own URL: without any, a member's authority finds no line.
    let namesMembers = false;
    reverses.forEach((each, order) => {
      const indexed = {
        directive: each.directive,
        fake: each.path!,
        real: each.url.value,
        rule: each,
        rank: each.location ? 2 : each.vhost ? 1 : 0,
        order,
      };
      if (!isBalancerUrl(each.url.value)) namesMembers = true;
      file(reverseIndex, each.url.value, indexed, balancerOf);
    });
    // Every authority a checked member's redirect is at, known before the first lookup: the indexes of
    // members by authority keep only those (a few thousand of 100,000 members).
    const queried = new Set<string>();
    // The ProxyPass lines by what they name, for the rare redirect that comes back under another path.
    let passIndex: Index<Pass> | undefined;
    /** Whether a ProxyPass sends the public path `path` to the member URL `redirect` points at. */
    const mapsBack = (path: string, redirect: string): boolean => {
      if (!passIndex) {
        passIndex = newIndex<Pass>();
        for (const pass of passes) file(passIndex, pass.url.value, pass, balancerOf);
      }
      for (const each of linesAt(passIndex, authorityOf(redirect), queried)) {
        const length = aliasMatch(path, each.path);
        if (length === 0) continue;
        const target = each.url.value;
        const balancer = isBalancerUrl(target) ? balancerOf(target) : undefined;
        const members = balancer ? membersOf(balancer) : isBalancerUrl(target) ? [] : [target];
        const memberPath = urlPath(target) + path.slice(length);
        if (members.some((member) => `${member.replace(/\/+$/, '')}${memberPath}`.replace(/([^:])\/\/+/g, '$1/') === redirect)) return true;
      }
      return false;
    };
    // Each ProxyPass's scope (its virtual host and <Location>), with what passes in it share.
    const scopes = new Map<Section | undefined, Map<Section | undefined, Scope>>();
    const scopeOf = (vhost: Section | undefined, location: Section | undefined): Scope => {
      let byLocation = scopes.get(vhost);
      if (!byLocation) scopes.set(vhost, (byLocation = new Map()));
      let scope = byLocation.get(location);
      if (!scope) byLocation.set(location, (scope = newScope(vhost, location)));
      return scope;
    };
    // The lines in a scope that may map a Location at an authority, in mod_proxy's merge order.
    const aliasesAt = (scope: Scope, authority: string): readonly Indexed[] => {
      let aliases = scope.aliases.get(authority);
      if (!aliases) {
        const found: Indexed[] = [];
        for (const each of linesAt(reverseIndex, authority, queried)) if (scope.inScope(each)) found.push(each);
        scope.aliases.set(authority, (aliases = found.length > 1 ? found.sort((x, y) => x.rank - y.rank || x.order - y.order) : found));
      }
      return aliases;
    };
    // First each ProxyPass's plan, and every authority a member's redirect can be at (`queried`).
    const plans: Plan[] = [];
    for (const pass of passes) {
      const target = pass.url.value;
      const scope = scopeOf(pass.vhost, pass.location);
      // The same mapping in the same scope (an included file read 10,000 times) is checked once.
      let targets = scope.mappings.get(pass.path);
      if (!targets) scope.mappings.set(pass.path, (targets = new Set()));
      if (targets.has(target)) continue;
      targets.add(target);
      const balancer = isBalancerUrl(target) ? balancerOf(target) : undefined;
      const authority = balancer ? undefined : /^(https?:\/\/[^/?#]+)/i.exec(target)?.[1];
      const members: readonly string[] = balancer ? membersOf(balancer) : authority ? [authority] : [];
      if (members.length === 0) continue;
      // A line naming this balancer or one of its members; with none, missing-proxypassreverse speaks.
      let related = scope.related.get(target);
      if (!related) {
        const found: Indexed[] = [];
        const take = (lines: readonly Indexed[] | undefined): void => {
          for (const alias of lines ?? []) if (scope.inScope(alias) && names(alias.real, target, members, balancerOf)) found.push(alias);
        };
        const own = balancer ? undefined : authorityOf(target);
        take(balancer ? reverseIndex.byBalancer.get(balancer) : reverseIndex.byAuthority.get(own!));
        if (namesMembers) {
          const seen = new Set<string>(own === undefined ? [] : [own]);
          for (let i = 0; i < members.length && i < MAX_MEMBERS; i++) {
            const at = authorityOf(members[i]!);
            if (seen.has(at)) continue;
            seen.add(at);
            take(reverseIndex.byAuthority.get(at));
          }
        }
        scope.related.set(target, (related = found));
      }
      if (related.length === 0) continue;
      const targetPath = urlPath(target);
      const landed = `${targetPath.endsWith('/') ? targetPath : `${targetPath}/`}landed`;
      // A line naming the balancer maps every member alike (and costs a pass over them): its first member tells.
      // Lines per member are checked for each, up to MAX_MEMBERS.
      const checked = related.some((alias) => isBalancerUrl(alias.real)) ? 1 : Math.min(members.length, MAX_MEMBERS);
      const redirects: string[] = [];
      for (let i = 0; i < checked; i++) {
        const redirect = `${members[i]!.replace(/\/+$/, '')}${landed}`;
        redirects.push(redirect);
        queried.add(authorityOf(redirect));
      }
      plans.push({ pass, scope, related, redirects });
    }
    const reported = new Set<ProxyRule>();
    for (const { pass, scope, related, redirects } of plans) {
      const expected = `${pass.path.endsWith('/') ? pass.path : `${pass.path}/`}landed`;
      for (const redirect of redirects) {
        const aliases = aliasesAt(scope, authorityOf(redirect));
        const mapped = reverseLocation(redirect, aliases, balancerOf, 'http://client');
        const got = mapped.by ? urlPath(mapped.value) : mapped.value;
        // A doubled slash is reverse-doubled-slash's finding; a public path another ProxyPass maps back to the same
        // member path still works (`/s/t/landed` for `/t/landed` when ProxyPass /s/ also reaches the balancer).
        if (got === expected || (mapped.by && (got.includes('//') || mapsBack(got, redirect)))) continue;
        const at = mapped.by ? aliases.find((alias) => alias.directive === mapped.by)!.rule : related[0]!.rule;
        if (reported.has(at)) break;
        reported.add(at);
        findings.push({
          span: at.directive.span,
          message: `a redirect from ${quoted(redirect)} reaches the client as ${quoted(got)}, not ${quoted(expected)}`,
          related: [{ span: pass.directive.span, message: 'the ProxyPass whose redirects this line maps' }],
        });
        break;
      }
    }
    return findings;
  },
};

/** Whether a ProxyPassReverse URL names the ProxyPass's balancer or one of its members. */
function names(real: string, target: string, members: readonly string[], balancerOf: (url: string) => Balancer | undefined): boolean {
  if (isBalancerUrl(real)) return balancerOf(real) !== undefined && balancerOf(real) === balancerOf(target);
  const lower = real.toLowerCase();
  return members.some((member) => lower.startsWith(member.toLowerCase().replace(/\/+$/, '')));
}

/** A ProxyPassReverse line, indexed with its place in mod_proxy's merge order. */
interface Indexed extends ReverseAlias {
  readonly rule: ProxyRule;
  /** The main server's lines first, then the virtual host's, then the `<Location>`'s. */
  readonly rank: number;
  readonly order: number;
}

/** A ProxyPass to check: its scope, the lines that name its balancer or members, and the redirects of the members checked. */
interface Plan {
  readonly pass: Pass;
  readonly scope: Scope;
  readonly related: readonly Indexed[];
  readonly redirects: readonly string[];
}

/** A ProxyPass line whose path and URL compare as plain strings. */
type Pass = ProxyRule & { path: string };

/** Lines by what their URL names: a balancer, or else the authority of the URL. */
interface Index<T> {
  readonly byBalancer: Map<Balancer, T[]>;
  readonly byAuthority: Map<string, T[]>;
  /** The balancers of `byBalancer` by the authority of each of their members (those asked about), built when first asked. */
  balancersAt: Map<string, Balancer | Balancer[]> | undefined;
}

function newIndex<T>(): Index<T> {
  return { byBalancer: new Map(), byAuthority: new Map(), balancersAt: undefined };
}

/** Files a line under what its URL names; a line naming an undefined balancer names nothing. */
function file<T>(index: Index<T>, url: string, line: T, balancerOf: (url: string) => Balancer | undefined): void {
  if (!isBalancerUrl(url)) add(index.byAuthority, authorityOf(url), line);
  else {
    const balancer = balancerOf(url);
    if (balancer) add(index.byBalancer, balancer, line);
  }
}

/**
 * The lines naming `authority` or a balancer with a member there: each once, in no particular order.
 * `authority` is one of `queried`, the only authorities the index of members keeps.
 */
function linesAt<T>(index: Index<T>, authority: string, queried: ReadonlySet<string>): T[] {
  if (!index.balancersAt) {
    // Most authorities have one balancer: it stands alone, and a list is made for a second one.
    const balancersAt = new Map<string, Balancer | Balancer[]>();
    for (const balancer of index.byBalancer.keys())
      for (const member of balancer.members) {
        const at = authorityOf(member.name);
        if (!queried.has(at)) continue;
        const found = balancersAt.get(at);
        // A balancer's members are filed one after another: one with several at an authority is last in its list.
        if (!found) balancersAt.set(at, balancer);
        else if (!Array.isArray(found)) {
          if (found !== balancer) balancersAt.set(at, [found, balancer]);
        } else if (found.at(-1) !== balancer) found.push(balancer);
      }
    index.balancersAt = balancersAt;
  }
  const lines = [...(index.byAuthority.get(authority) ?? [])];
  const found = index.balancersAt.get(authority);
  for (const balancer of found === undefined ? [] : Array.isArray(found) ? found : [found]) lines.push(...index.byBalancer.get(balancer)!);
  return lines;
}

/** What the ProxyPass lines of one scope share: which mappings were checked, and the lines they meet. */
interface Scope {
  /** Whether a ProxyPassReverse line applies here: mod_proxy merges the main server's, then the virtual host's, then the `<Location>`'s. */
  readonly inScope: (each: Indexed) => boolean;
  /** The targets checked, by path. */
  readonly mappings: Map<string, Set<string>>;
  /** The lines that may map a Location, by its authority, in merge order. */
  readonly aliases: Map<string, readonly Indexed[]>;
  /** The lines that name a ProxyPass's balancer or members, by its URL. */
  readonly related: Map<string, readonly Indexed[]>;
}

function newScope(vhost: Section | undefined, location: Section | undefined): Scope {
  return {
    inScope: (each) =>
      (!each.rule.vhost && !each.rule.location) ||
      (vhost !== undefined && each.rule.vhost === vhost && !each.rule.location) ||
      (location !== undefined && each.rule.location === location),
    mappings: new Map(),
    aliases: new Map(),
    related: new Map(),
  };
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * `scheme://host:port` of a URL (the whole of it without a `scheme://`), lower case. A member's name
 * is often just that, already in lower case: it is then returned itself, not a copy.
 */
function authorityOf(url: string): string {
  const colon = schemeEnd(url);
  let end = url.length;
  if (colon >= 0 && url.startsWith('//', colon + 1)) {
    for (end = colon + 3; end < url.length; end++) {
      const code = url.charCodeAt(end);
      if (code === 47 || code === 63 || code === 35) break;
    }
  }
  const authority = end === url.length ? url : url.slice(0, end);
  for (let i = 0; i < authority.length; i++) {
    const code = authority.charCodeAt(i);
    if ((code >= 65 && code <= 90) || code > 127) return authority.toLowerCase();
  }
  return authority;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/app/"',
};

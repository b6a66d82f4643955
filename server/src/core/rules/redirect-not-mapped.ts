import { quoted } from '../bounded';
import type { Balancer } from '../model/model';
import { balancerName, isBalancerUrl } from '../model/urls';
import { urlPath } from '../requests/probe';
import { isPlainRule, proxyRules, ProxyRule } from '../requests/proxy-rules';
import { reverseLocation, ReverseAlias } from '../requests/reverse';
import { aliasMatch } from '../requests/trace';
import type { Rule } from './types';

/** Members of one balancer checked one by one against per-member ProxyPassReverse lines. */
const MAX_MEMBERS = 1000;

export const rule: Rule = {
  id: 'redirect-not-mapped',
  severity: 'warning',
  docs: {
    summary:
      "a ProxyPass whose members' redirects the ProxyPassReverse lines do not bring back to its path: a member left out, or the member's path not mapped",
    why: "ProxyPassReverse rewrites a member's `Location` only where it starts with the URL it names (for a balancer, each member's URL and the balancer URL's path; for a plain URL, that member alone). One that names `balancer://app/` for `ProxyPass / balancer://app/app/` hands the client `/app/login` for the member's `/app/login` (which the proxy maps to `/app/app/login`); one per member that leaves a member out hands the client that member's own address.",
    bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/"',
    good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPass "/" "balancer://app/app/"\nProxyPassReverse "/" "balancer://app/app/"',
  },
  *check({ analysis }) {
    const rules = proxyRules(analysis);
    const reverses = rules.filter((each) => each.kind === 'ProxyPassReverse' && each.path !== undefined && !each.url.value.includes('${'));
    if (reverses.length === 0) return;
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
    const balancersAt = new Map<string, string[]>();
    for (const balancer of balancers.values())
      for (const member of membersOf(balancer)) add(balancersAt, authorityOf(member), balancer.name);
    const keysOf = (url: string): string[] => {
      if (isBalancerUrl(url)) {
        const balancer = balancerOf(url);
        return balancer ? [`b:${balancer.name}`] : [];
      }
      return [`a:${authorityOf(url)}`];
    };
    const keysAt = (authority: string): string[] => [
      `a:${authority}`,
      ...new Set((balancersAt.get(authority) ?? []).map((name) => `b:${name}`)),
    ];
    const reverseIndex = new Map<string, Indexed[]>();
    reverses.forEach((each, order) => {
      const indexed = {
        directive: each.directive,
        fake: each.path!,
        real: each.url.value,
        rule: each,
        rank: each.location ? 2 : each.vhost ? 1 : 0,
        order,
      };
      for (const key of keysOf(each.url.value)) add(reverseIndex, key, indexed);
    });
    // Lines that name a member's own URL: without any, a member's authority finds no line.
    const namesMembers = reverses.some((each) => !isBalancerUrl(each.url.value));
    const passes = rules.filter(
      (each): each is ProxyRule & { path: string } => each.kind === 'ProxyPass' && isPlainRule(each) && each.url.value !== '!',
    );
    const passIndex = new Map<string, (ProxyRule & { path: string })[]>();
    for (const pass of passes) for (const key of keysOf(pass.url.value)) add(passIndex, key, pass);
    /** Whether a ProxyPass sends the public path `path` to the member URL `redirect` points at. */
    const mapsBack = (path: string, redirect: string): boolean => {
      for (const key of keysAt(authorityOf(redirect)))
        for (const each of passIndex.get(key) ?? []) {
          const length = aliasMatch(path, each.path);
          if (length === 0) continue;
          const target = each.url.value;
          const balancer = isBalancerUrl(target) ? balancerOf(target) : undefined;
          const members = balancer ? membersOf(balancer) : isBalancerUrl(target) ? [] : [target];
          const memberPath = urlPath(target) + path.slice(length);
          if (members.some((member) => `${member.replace(/\/+$/, '')}${memberPath}`.replace(/([^:])\/\/+/g, '$1/') === redirect))
            return true;
        }
      return false;
    };
    const reported = new Set<ProxyRule>();
    // The same mapping in the same scope (an included file read 10,000 times) is checked once.
    const scopeIds = new Map<unknown, number>();
    const scopeId = (section: unknown): number => {
      let id = scopeIds.get(section);
      if (id === undefined) scopeIds.set(section, (id = scopeIds.size));
      return id;
    };
    const checkedMappings = new Set<string>();
    // Passes to one balancer in one scope meet the same lines: each list is sorted once.
    const lists = new Map<string, Indexed[]>();
    const remember = (key: string, make: () => Indexed[]): Indexed[] => {
      let list = lists.get(key);
      if (!list) lists.set(key, (list = make()));
      return list;
    };
    for (const pass of passes) {
      const target = pass.url.value;
      const mapping = `${scopeId(pass.vhost)} ${scopeId(pass.location)} ${pass.path} ${target}`;
      if (checkedMappings.has(mapping)) continue;
      checkedMappings.add(mapping);
      const balancer = isBalancerUrl(target) ? balancerOf(target) : undefined;
      const authority = /^(https?:\/\/[^/?#]+)/i.exec(target)?.[1];
      const members = balancer ? membersOf(balancer) : authority ? [authority] : [];
      if (members.length === 0) continue;
      // mod_proxy merges the main server's lines, then the virtual host's, then the <Location>'s.
      const inScope = (each: Indexed): boolean =>
        (!each.rule.vhost && !each.rule.location) ||
        (pass.vhost !== undefined && each.rule.vhost === pass.vhost && !each.rule.location) ||
        (pass.location !== undefined && each.rule.location === pass.location);
      const scope = `${scopeId(pass.vhost)} ${scopeId(pass.location)}`;
      const aliasesAt = (redirect: string): Indexed[] =>
        remember(`${scope} ${redirect}`, () =>
          [...new Set(keysAt(authorityOf(redirect)).flatMap((key) => reverseIndex.get(key) ?? []))]
            .filter(inScope)
            .sort((x, y) => x.rank - y.rank || x.order - y.order),
        );
      // A line naming this balancer or one of its members; with none, missing-proxypassreverse speaks.
      const related = remember(`${scope} related ${target}`, () =>
        [
          ...new Set([
            ...keysOf(target),
            ...(namesMembers ? members.slice(0, MAX_MEMBERS).map((member) => `a:${authorityOf(member)}`) : []),
          ]),
        ]
          .flatMap((key) => reverseIndex.get(key) ?? [])
          .filter((alias) => inScope(alias) && names(alias.real, target, members, balancerOf)),
      );
      if (related.length === 0) continue;
      const targetPath = urlPath(target);
      const expected = `${pass.path.endsWith('/') ? pass.path : `${pass.path}/`}landed`;
      // A line naming the balancer maps every member alike (and costs a pass over them): its first member tells.
      // Lines per member are checked for each, up to MAX_MEMBERS.
      const checked = related.some((alias) => isBalancerUrl(alias.real)) ? members.slice(0, 1) : members.slice(0, MAX_MEMBERS);
      for (const member of checked) {
        const redirect = `${member.replace(/\/+$/, '')}${targetPath.endsWith('/') ? targetPath : `${targetPath}/`}landed`;
        const aliases = aliasesAt(redirect);
        const mapped = reverseLocation(redirect, aliases, balancerOf, 'http://client');
        const got = mapped.by ? urlPath(mapped.value) : mapped.value;
        // A doubled slash is reverse-doubled-slash's finding; a public path another ProxyPass maps back to the same
        // member path still works (`/s/t/landed` for `/t/landed` when ProxyPass /s/ also reaches the balancer).
        if (got === expected || (mapped.by && (got.includes('//') || mapsBack(got, redirect)))) continue;
        const at = mapped.by ? aliases.find((alias) => alias.directive === mapped.by)!.rule : related[0]!.rule;
        if (reported.has(at)) break;
        reported.add(at);
        yield {
          span: at.directive.span,
          message: `a redirect from ${quoted(redirect)} reaches the client as ${quoted(got)}, not ${quoted(expected)}`,
          related: [{ span: pass.directive.span, message: 'the ProxyPass whose redirects this line maps' }],
        };
        break;
      }
    }
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

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** `scheme://host:port` of a URL, lower case. */
function authorityOf(url: string): string {
  return (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? url).toLowerCase();
}

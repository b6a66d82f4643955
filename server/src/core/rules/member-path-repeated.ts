import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import type { Balancer } from '../model/model';
import { balancerName, isBalancerUrl } from '../model/urls';
import { urlPath } from '../requests/probe';
import { stepsNamed } from '../syntax/named';
import { rewriteArguments } from '../syntax/rewrite-words';
import { passWords } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'member-path-repeated',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      "a `ProxyPass` or `RewriteRule` to `balancer://NAME/PATH` whose members' URLs already end in that path: members receive it twice (`/app/app/…`)",
    why: "mod_proxy_balancer puts the member's URL in front of what follows the balancer name, so with `BalancerMember http://10.0.0.1:8080/examples` a `ProxyPass /examples/ balancer://app/examples/` sends `/examples/servlets/` to the member as `/examples/examples/servlets/`, a path it does not serve. The path belongs in one place: the members' URLs or the balancer URL.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const nodes = analysis.tree.nodes;
    let memberPaths: ((name: string) => string | undefined) | undefined;
    for (const step of stepsNamed(nodes, ['proxypass', 'proxypassmatch', 'rewriterule'])) {
      if (step.kind !== 'directive') continue;
      const word =
        asciiLower(step.directive.name) === 'rewriterule'
          ? rewriteArguments(step.directive)?.second
          : passWords(nodes, step.directive, step.parent).url;
      if (!word || !isBalancerUrl(word.value)) continue;
      const named = balancerName(word.value);
      if (!('name' in named)) continue;
      memberPaths ??= sharedMemberPaths(analysis.model.balancers);
      const memberPath = memberPaths(named.name);
      if (memberPath === undefined) continue;
      const path = urlPath(word.value);
      if (path !== memberPath && !path.startsWith(`${memberPath}/`)) continue;
      findings.push({
        span: word.span,
        message: `the members' URLs already end in ${quoted(memberPath)}, so members receive ${quoted(`${memberPath}${path}…`)}: drop it from one`,
      });
    }
    return findings;
  },
};

/**
 * By balancer name: the path every member's URL ends in (without a final slash), when they all have
 * the same one and it is not empty. Read when a line names the balancer, and only until a member
 * without a path (most of them) or with another one settles it.
 */
function sharedMemberPaths(balancers: readonly Balancer[]): (name: string) => string | undefined {
  const byName = new Map<string, Balancer[]>();
  for (const balancer of balancers) {
    const list = byName.get(balancer.name);
    if (list) list.push(balancer);
    else byName.set(balancer.name, [balancer]);
  }
  const known = new Map<string, string | undefined>();
  const read = (name: string): string | undefined => {
    let shared: string | undefined;
    for (const balancer of byName.get(name) ?? [])
      for (const member of balancer.members) {
        const path = urlPath(member.url).replace(/\/+$/, '');
        if (path === '' || (shared !== undefined && path !== shared)) return undefined;
        shared = path;
      }
    return shared;
  };
  return (name) => {
    if (!known.has(name)) known.set(name, read(name));
    return known.get(name);
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080/examples"\n</Proxy>\nProxyPass "/examples/" "balancer://app/examples/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080/examples"\n</Proxy>\nProxyPass "/examples/" "balancer://app/"',
};

import { isReachable, serverLines } from '../requests/probe';
import { serversOf } from '../requests/servers';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'rewrite-not-inherited',
  severity: 'warning',
  docs: {
    summary: "the main server's `RewriteRule` lines when every request is answered by a `<VirtualHost>` that does not inherit them",
    why: "mod_rewrite's rules are not inherited by virtual hosts: a `<VirtualHost>` runs its own rules, and the main server's only with `RewriteOptions Inherit` in it (or `InheritDown` in the main server). When virtual hosts answer every address and port, the main server's rules never run, whatever they say.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['rewriterule', 'rewriteoptions']);
    const servers = serversOf(analysis);
    const rules = lines.filter((line) => line.name === 'rewriterule' && line.server === servers.main && line.sections.length === 0);
    const first = rules[0];
    if (!first || servers.vhosts.length === 0 || isReachable(analysis, servers.main)) return findings;
    const inherits = lines.some(
      (line) =>
        line.name === 'rewriteoptions' &&
        line.sections.length === 0 &&
        line.directive.args.some((word) => /^inherit/i.test(word.value)) &&
        (line.server !== servers.main || line.directive.args.some((word) => /^inheritdown/i.test(word.value))),
    );
    if (inherits) return findings;
    const count = rules.length === 1 ? 'this rule' : `these ${rules.length} rules`;
    findings.push({
      span: first.directive.span,
      message: `no request runs ${count}: virtual hosts answer every request and none has RewriteOptions Inherit`,
      related: servers.vhosts
        .slice(0, 3)
        .map((vhost) => ({ span: vhost.vhost!.open.span, message: 'a virtual host that does not inherit them' })),
    });
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/old/(.*)$" "balancer://app/new/$1" [P]\n<VirtualHost *:*>\n    RewriteEngine On\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRewriteEngine On\nRewriteRule "^/old/(.*)$" "balancer://app/new/$1" [P]\n<VirtualHost *:*>\n    RewriteEngine On\n    RewriteOptions Inherit\n    ProxyPass "/" "balancer://app/"\n</VirtualHost>',
};

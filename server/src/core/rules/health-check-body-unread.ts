import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Methods mod_proxy_hcheck sends as header-only requests (create_request_rec: OPTIONS and HEAD): it reads no body. */
const HEADER_ONLY = new Set(['options', 'options11', 'head', 'head11']);

/** `hc('body')` in an expression, either quote. */
const READS_BODY = /\bhc\(\s*(['"])body\1\s*\)/i;

export const rule: Rule = {
  id: 'health-check-body-unread',
  severity: 'warning',
  docs: {
    summary: "a member checked with `hcmethod=HEAD` (or `OPTIONS`) whose `hcexpr` condition reads `hc('body')`: the body is never read",
    why: "mod_proxy_hcheck reads the response body only for GET checks; for HEAD and OPTIONS `hc('body')` is empty, so a condition such as `hc('body') !~ /Under maintenance/` always passes (or always fails) whatever the member answers.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    // The conditions (any server's: names are rarely reused) whose expression reads the body, by lower-case name.
    const readingBody = new Set<string>();
    for (const step of stepsNamed(analysis.tree.nodes, ['proxyhcexpr'])) {
      if (step.kind !== 'directive') continue;
      const [name, ...expression] = step.directive.args.map((word) => word.value);
      if (name !== undefined && READS_BODY.test(expression.join(' '))) readingBody.add(asciiLower(name));
    }
    if (readingBody.size === 0) return findings;
    for (const balancer of analysis.model.balancers) {
      if (balancer.inherited) continue;
      for (const member of balancer.members) {
        const method = member.setBy.get('hcmethod');
        const condition = member.setBy.get('hcexpr');
        if (!method || !condition || !HEADER_ONLY.has(asciiLower(method.value)) || !readingBody.has(asciiLower(condition.value))) continue;
        findings.push({
          span: method.span,
          message: `hcmethod=${method.value} reads no body, so hc('body') in ${quoted(condition.value)} is always empty: use hcmethod=GET`,
          fixes: [{ title: 'Use hcmethod=GET', safe: false, edits: [{ span: method.valueSpan, newText: 'GET' }] }],
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyHCExpr in_maint {hc(\'body\') !~ /Under maintenance/}\n<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080" hcmethod=HEAD hcexpr=in_maint hcuri=/health\n</Proxy>',
  good: 'ProxyHCExpr in_maint {hc(\'body\') !~ /Under maintenance/}\n<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080" hcmethod=GET hcexpr=in_maint hcuri=/health\n</Proxy>',
};

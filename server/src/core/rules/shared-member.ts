import { quoted } from '../bounded';
import { listed, modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'shared-member',
  severity: 'warning',
  docs: {
    summary:
      "a member (or ProxyPass worker) whose URL starts with an earlier one's URL: Apache merges them and ignores this line's parameters",
    why: 'Apache matches a new member against existing ones by prefix (http://h:1 covers http://h:1/app and http://h:1/), keeps one member, and logs AH01150 for each parameter it ignores — the balancer has fewer members and other weights than written. A `ProxyPass` to a plain URL shares an earlier plain worker the same way: its parameters are ignored, unchecked (AH01146).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      for (const member of balancer.members) {
        for (const shared of member.sharedBy) {
          const ignored = shared.parameters.map((parameter) => `${parameter.key}=${parameter.value}`);
          findings.push({
            span: shared.url,
            message: `${quoted(shared.urlText)} adds no member, as ${member.name} is a prefix of it: ${ignored.length > 0 ? `move ${listed(ignored, 2)} to that line` : 'remove this line'}`,
            ...(ignored.length > 0
              ? { apacheMessage: `AH01150: Ignoring parameter '${ignored[0]}' for worker '${member.name}' because of worker sharing` }
              : {}),
            related: [{ span: member.declaration.url, message: `the member "${shared.urlText}" merges into` }],
          });
        }
      }
    }
    for (const problem of modelProblems(analysis, 'shared-member')) {
      const parameter = problem.parameter;
      if (problem.kind !== 'shared-worker' || !parameter) continue;
      findings.push({
        span: parameter.span,
        message: `${parameter.key}=${parameter.value} is ignored: this URL shares the earlier worker ${problem.sharedWith ?? ''} (a prefix of it), which keeps its own parameters`,
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerMember "http://10.0.0.1:8080/app" loadfactor=3\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=3\n</Proxy>',
};

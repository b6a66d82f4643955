import { quoted } from '../bounded';
import { asciiLower } from '../ascii';
import type { Parameter } from '../model/model';
import type { Rule, RuleExamples } from './types';

/** Keys that only matter once a check runs (mod_proxy_hcheck's set_worker_hc_param). */
const CHECK_KEYS = ['hcuri', 'hcexpr', 'hcinterval', 'hcpasses', 'hcfails'];

export const rule: Rule = {
  id: 'health-check-never-runs',
  severity: 'warning',
  docs: {
    summary: 'health-check settings (`hcuri`, `hcinterval`, …) on a member without `hcmethod`, or `hcuri` with `hcmethod=TCP`',
    why: 'mod_proxy_hcheck only checks a member whose hcmethod is not NONE, and NONE is the default: without hcmethod the other hc keys are accepted and never used, so a dead member stays in rotation. With hcmethod=TCP only a connection is opened and hcuri is ignored.',
  },
  *check({ analysis }) {
    for (const balancer of analysis.model.balancers) {
      for (const member of balancer.members) {
        const setBy = member.setBy;
        // A template may set the method; hctemplate's settings are not copied into the model.
        if (setBy.has('hctemplate')) continue;
        const method = setBy.get('hcmethod');
        if (method === undefined) {
          // Most members set none of them: no list is made for those.
          if (!CHECK_KEYS.some((key) => setBy.get(key) !== undefined)) continue;
          const keys = CHECK_KEYS.map((key) => setBy.get(key)).filter((parameter): parameter is Parameter => parameter !== undefined);
          const first = keys.sort((a, b) => a.span.start - b.span.start)[0]!;
          const names = keys.map((parameter) => asciiLower(parameter.key)).join(', ');
          const insertAt = first.span.start;
          yield {
            span: first.span,
            message: `${names} without hcmethod: the default method NONE never checks this member, so add hcmethod=GET`,
            fixes: [
              { title: 'Add hcmethod=GET', safe: false, edits: [{ span: { start: insertAt, end: insertAt }, newText: 'hcmethod=GET ' }] },
            ],
          };
        } else if (asciiLower(method.value) === 'tcp') {
          const uri = setBy.get('hcuri');
          if (!uri) continue;
          yield {
            span: uri.span,
            message: `hcuri ${quoted(uri.value)} is ignored with hcmethod=TCP, which only opens a connection: use hcmethod=GET`,
            fixes: [{ title: 'Use hcmethod=GET', safe: false, edits: [{ span: method.valueSpan, newText: 'GET' }] }],
          };
        }
      }
    }
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" hcuri=/health hcinterval=5\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" hcmethod=GET hcuri=/health hcinterval=5\n</Proxy>',
};

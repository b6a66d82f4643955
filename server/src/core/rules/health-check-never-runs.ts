import { quoted } from '../bounded';
import { asciiLower } from '../ascii';
import type { Parameter } from '../model/model';
import type { WorkerParams } from '../model/params';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Keys that only matter once a check runs (mod_proxy_hcheck's set_worker_hc_param). */
const CHECK_KEYS = ['hcuri', 'hcexpr', 'hcinterval', 'hcpasses', 'hcfails'];

export const rule: Rule = {
  id: 'health-check-never-runs',
  severity: 'warning',
  docs: {
    summary: 'health-check settings (`hcuri`, `hcinterval`, …) on a member without `hcmethod`, or `hcuri` with `hcmethod=TCP`',
    why: 'mod_proxy_hcheck only checks a member whose hcmethod is not NONE, and NONE is the default: without hcmethod the other hc keys are accepted and never used, so a dead member stays in rotation. With hcmethod=TCP only a connection is opened and hcuri is ignored.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      for (const member of balancer.members) {
        if (!hasHealthCheckValue(member.params)) continue;
        const keys = healthCheckKeys(member.setBy);
        // A template may set the method; hctemplate's settings are not copied into the model.
        if (keys === undefined || keys.template) continue;
        const method = keys.method;
        if (method === undefined) {
          const checks = keys.checks;
          if (checks.length === 0) continue;
          const first = checks.sort((a, b) => a.span.start - b.span.start)[0]!;
          const names = checks.map((parameter) => asciiLower(parameter.key)).join(', ');
          const insertAt = first.span.start;
          findings.push({
            span: first.span,
            message: `${names} without hcmethod: the default method NONE never checks this member, so add hcmethod=GET`,
            fixes: [
              { title: 'Add hcmethod=GET', safe: false, edits: [{ span: { start: insertAt, end: insertAt }, newText: 'hcmethod=GET ' }] },
            ],
          });
        } else if (asciiLower(method.value) === 'tcp') {
          const uri = keys.uri;
          if (!uri) continue;
          findings.push({
            span: uri.span,
            message: `hcuri ${quoted(uri.value)} is ignored with hcmethod=TCP, which only opens a connection: use hcmethod=GET`,
            fixes: [{ title: 'Use hcmethod=GET', safe: false, edits: [{ span: method.valueSpan, newText: 'GET' }] }],
          });
        }
      }
    }
    return findings;
  },
};

/** Whether a member holds a health-check value: each health-check key Apache accepts sets one, and most members set none. */
function hasHealthCheckValue(params: Readonly<WorkerParams>): boolean {
  return (
    params.hctemplate !== undefined ||
    params.hcmethod !== undefined ||
    params.hcuri !== undefined ||
    params.hcexpr !== undefined ||
    params.hcinterval !== undefined ||
    params.hcpasses !== undefined ||
    params.hcfails !== undefined
  );
}

/** A member's health-check settings: whether it names a template, its method, and those of CHECK_KEYS it sets (hcuri among them). */
interface HealthCheckKeys {
  template: boolean;
  method: Parameter | undefined;
  uri: Parameter | undefined;
  readonly checks: Parameter[];
}

/**
 * The health-check keys a member sets, read in one pass over its settings (a lookup per key costs a
 * scan of the settings each): undefined when it sets none.
 */
function healthCheckKeys(setBy: ReadonlyMap<string, Parameter>): HealthCheckKeys | undefined {
  let keys: HealthCheckKeys | undefined;
  for (const parameter of setBy.values()) {
    const key = parameter.key;
    // Every health-check key starts with "hc".
    if ((key.charCodeAt(0) | 32) !== 104 || (key.charCodeAt(1) | 32) !== 99) continue;
    const lower = asciiLower(key);
    const isCheck = CHECK_KEYS.includes(lower);
    if (!isCheck && lower !== 'hcmethod' && lower !== 'hctemplate') continue;
    keys ??= { template: false, method: undefined, uri: undefined, checks: [] };
    if (isCheck) keys.checks.push(parameter);
    if (lower === 'hcuri') keys.uri = parameter;
    else if (lower === 'hcmethod') keys.method = parameter;
    else if (lower === 'hctemplate') keys.template = true;
  }
  return keys;
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" hcuri=/health hcinterval=5\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" hcmethod=GET hcuri=/health hcinterval=5\n</Proxy>',
};

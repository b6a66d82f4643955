import { quoted } from '../bounded';
import { suggestFrom } from '../suggest';
import { BALANCER_PARAMETER_KEYS, WORKER_HCHECK_PARAMETER_KEYS, WORKER_PARAMETER_KEYS } from '../model/params';
import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Names people reach for that Apache spells differently. */
const ALIASES: Record<string, string> = {
  lbfactor: 'loadfactor',
  weight: 'loadfactor',
  failover: 'nofailover',
  sticky: 'stickysession',
  method: 'lbmethod',
};

export const rule: Rule = {
  id: 'unknown-parameter',
  severity: 'error',
  docs: {
    summary: 'a parameter key Apache does not know here: misspelled, or a member key on a balancer (or the reverse)',
    why: 'BalancerMember takes worker keys (loadfactor, lbset, status, route, …); ProxyPass to a balancer:// and ProxySet on a balancer take balancer keys (lbmethod, stickysession, …). Any other key stops Apache from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'unknown-parameter')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      const key = parameter.key;
      const lower = key.toLowerCase();
      const onBalancer = problem.kind === 'unknown-balancer-parameter';
      const here = onBalancer ? BALANCER_PARAMETER_KEYS : [...WORKER_PARAMETER_KEYS, ...WORKER_HCHECK_PARAMETER_KEYS];
      const other = onBalancer ? [...WORKER_PARAMETER_KEYS, ...WORKER_HCHECK_PARAMETER_KEYS] : BALANCER_PARAMETER_KEYS;
      let message: string;
      let suggestion: string | undefined;
      if (!onBalancer && WORKER_HCHECK_PARAMETER_KEYS.includes(lower)) {
        // Apache knows the hc… keys only while mod_proxy_hcheck is loaded: the key is right, the module is missing.
        message = `${key} is a health-check parameter of mod_proxy_hcheck, which is not loaded: add "LoadModule proxy_hcheck_module"`;
      } else if (other.includes(lower) && !here.includes(lower)) {
        message = onBalancer
          ? `${key} is a member parameter, not a balancer one: set it on each BalancerMember line`
          : `${key} is a balancer parameter, not a member one: set it with ProxySet or on the ProxyPass line`;
      } else {
        suggestion = ALIASES[lower] ?? suggestFrom(key, here);
        if (suggestion && !here.includes(suggestion)) suggestion = undefined;
        message = `unknown ${onBalancer ? 'balancer' : 'member'} parameter ${quoted(key)}${suggestion ? `: did you mean "${suggestion}"?` : ': check its spelling'}`;
      }
      // A plainly written word locates its key exactly; a quoted one is flagged whole and not rewritten.
      const plain = parameter.valueSpan.start !== parameter.span.start;
      const keySpan = plain ? { start: parameter.span.start, end: parameter.span.start + key.length } : parameter.span;
      findings.push({
        span: keySpan.end > keySpan.start ? keySpan : parameter.span,
        message,
        apacheMessage: problem.message,
        fixes:
          suggestion && plain
            ? [{ title: `Rename to ${suggestion}`, safe: !(lower in ALIASES), edits: [{ span: keySpan, newText: suggestion }] }]
            : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" lbfactor=2\n    ProxySet stickysesion=ROUTEID\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n    ProxySet stickysession=ROUTEID\n</Proxy>',
};

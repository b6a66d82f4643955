import { quoted } from '../bounded';
import { suggestFrom } from '../suggest';
import { modelProblems, valueEdit } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

const LBMETHODS = ['byrequests', 'bytraffic', 'bybusyness', 'heartbeat'];

export const rule: Rule = {
  id: 'unknown-lbmethod',
  severity: 'error',
  docs: {
    summary: 'an `lbmethod` Apache does not know: misspelled, wrong case, or its module not loaded',
    why: 'lbmethod names are exact and case-sensitive (byrequests, bytraffic, bybusyness, heartbeat) and exist only when their mod_lbmethod_* module is loaded; Apache refuses to start otherwise.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'unknown-lbmethod')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      const value = parameter.value;
      const exact = LBMETHODS.find((name) => name === value.toLowerCase());
      const suggestion = exact ?? suggestFrom(value, LBMETHODS);
      let message: string;
      if (exact === value) message = `lbmethod ${quoted(value)} needs mod_lbmethod_${value}: add LoadModule lbmethod_${value}_module`;
      else if (suggestion)
        message = `lbmethod ${quoted(value)} is unknown, as names are exact and lower-case: did you mean "${suggestion}"?`;
      else message = `lbmethod ${quoted(value)} is unknown: use byrequests, bytraffic, bybusyness or heartbeat`;
      const edit = suggestion && suggestion !== value ? valueEdit(analysis, parameter, suggestion) : undefined;
      findings.push({
        span: parameter.valueSpan,
        message,
        apacheMessage: problem.message,
        fixes: edit ? [{ title: `Change to lbmethod=${suggestion}`, safe: exact !== undefined, edits: [edit] }] : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    ProxySet lbmethod=ByRequests\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    ProxySet lbmethod=byrequests\n</Proxy>',
};

import { quoted } from '../bounded';
import { modelProblems, siblingParameter, valueEdit } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'zero-loadfactor',
  severity: 'error',
  docs: {
    summary: 'a member with loadfactor 0: Apache refuses to start',
    why: 'A member cannot have zero weight: Apache accepts loadfactor 1 to 100 and refuses the whole configuration otherwise. To take a member out of rotation, give it a status instead: +D (disabled), +N (drain: only sticky sessions), or +H (hot standby).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'zero-loadfactor')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      const status = siblingParameter(analysis, parameter, 'status');
      const disabled = status && valueEdit(analysis, status, `${status.value}+D`);
      const disable: Fix | undefined = !status
        ? { title: 'Replace with status=+D (disabled)', safe: false, edits: [{ span: parameter.span, newText: 'status=+D' }] }
        : disabled && {
            title: 'Disable the member (status +D) and drop loadfactor',
            safe: false,
            edits: [{ span: parameter.span, newText: '' }, disabled],
          };
      const one = valueEdit(analysis, parameter, '1');
      findings.push({
        span: parameter.valueSpan,
        message: `loadfactor ${quoted(parameter.value)} is out of range 1–100: write 1 or more, or take the member out with status=+D, +N or +H`,
        apacheMessage: problem.message,
        fixes: [...(one ? [{ title: 'Set loadfactor=1', safe: false, edits: [one] }] : []), ...(disable ? [disable] : [])],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=3\n    BalancerMember "http://10.0.0.2:8080" loadfactor=0\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=3\n    BalancerMember "http://10.0.0.2:8080" status=+D\n</Proxy>',
};

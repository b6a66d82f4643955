import { quoted } from '../bounded';
import { strtod } from '../model/cvalues';
import type { Parameter } from '../model/model';
import { modelProblems } from './shared';
import type { Fix, Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-loadfactor',
  severity: 'error',
  docs: {
    summary: 'a loadfactor Apache refuses: out of 1–100, not a number, quoted, nan or inf',
    why: 'Apache reads loadfactor with strtod, multiplies by 100, truncates, and refuses anything outside 100..10000 — so 0.5, 101, "2" (quotes kept inside the value), nan and inf all stop Apache from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'invalid-loadfactor')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      const { hint, fixes } = explain(parameter);
      findings.push({
        span: parameter.valueSpan,
        message: `loadfactor ${quoted(parameter.value)} ${hint}`,
        apacheMessage: problem.message,
        fixes,
      });
    }
    return findings;
  },
};

function explain(parameter: Parameter): { hint: string; fixes: Fix[] } {
  const value = parameter.value;
  const inQuotes = /^(["'])(.*)\1$/.exec(value);
  if (inQuotes) {
    return {
      hint: 'keeps its quotes, so Apache sees no number: drop them, or quote the whole key=value word',
      fixes: [
        {
          title: `Remove the quotes: loadfactor=${inQuotes[2]}`,
          safe: true,
          edits: [{ span: parameter.valueSpan, newText: inQuotes[2]! }],
        },
      ],
    };
  }
  const parsed = strtod(value);
  if (parsed.length === 0) return { hint: 'is not a number: write 1 to 100', fixes: [] };
  if (!Number.isFinite(parsed.value)) return { hint: 'is not a finite number: write 1 to 100', fixes: [] };
  if (parsed.value > 0 && parsed.value < 1) {
    return {
      hint: 'is below 1: scale every member of the balancer up instead, as only the ratios count',
      fixes: [],
    };
  }
  if (parsed.value < 0) return { hint: 'is negative: write 1 to 100', fixes: [] };
  return {
    hint: 'is above 100: scale every member of the balancer down instead, as only the ratios count',
    fixes: [{ title: 'Set loadfactor=100', safe: false, edits: [{ span: parameter.valueSpan, newText: '100' }] }],
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor="2"\n    BalancerMember "http://10.0.0.2:8080" loadfactor=0.5\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=4\n    BalancerMember "http://10.0.0.2:8080" loadfactor=1\n</Proxy>',
};

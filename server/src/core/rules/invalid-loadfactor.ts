import { strtod } from '../model/cvalues';
import type { Parameter } from '../model/model';
import { apacheSays, modelProblems } from './shared';
import type { Fix, Rule } from './types';

export const rule: Rule = {
  id: 'invalid-loadfactor',
  severity: 'error',
  docs: {
    summary: 'a loadfactor Apache refuses: out of 1–100, not a number, quoted, nan or inf',
    why: 'Apache reads loadfactor with strtod, multiplies by 100, truncates, and refuses anything outside 100..10000 — so 0.5, 101, "2" (quotes kept inside the value), nan and inf all stop Apache from starting.',
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor="2"\n    BalancerMember "http://10.0.0.2:8080" loadfactor=0.5\n</Proxy>',
    good: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=4\n    BalancerMember "http://10.0.0.2:8080" loadfactor=1\n</Proxy>',
  },
  *check({ analysis }) {
    for (const problem of modelProblems(analysis, 'invalid-loadfactor')) {
      const parameter = problem.parameter;
      if (!parameter) continue;
      const { hint, fixes } = explain(parameter);
      yield { span: parameter.valueSpan, message: `loadfactor "${parameter.value}" ${hint} (${apacheSays(problem.message)})`, fixes };
    }
  },
};

function explain(parameter: Parameter): { hint: string; fixes: Fix[] } {
  const value = parameter.value;
  const quoted = /^(["'])(.*)\1$/.exec(value);
  if (quoted) {
    return {
      hint: 'keeps its quotes: a quote inside a word is literal, so Apache sees no number; drop the quotes or quote the whole key=value word',
      fixes: [
        { title: `Remove the quotes: loadfactor=${quoted[2]}`, safe: true, edits: [{ span: parameter.valueSpan, newText: quoted[2]! }] },
      ],
    };
  }
  const parsed = strtod(value);
  if (parsed.length === 0) return { hint: 'is not a number: Apache accepts 1 to 100', fixes: [] };
  if (!Number.isFinite(parsed.value)) return { hint: 'is not a finite number: Apache accepts 1 to 100', fixes: [] };
  if (parsed.value > 0 && parsed.value < 1) {
    return {
      hint: 'is below 1: Apache accepts 1 to 100, so scale every member of the balancer up instead (the shares only depend on the ratios)',
      fixes: [],
    };
  }
  if (parsed.value < 0) return { hint: 'is negative: Apache accepts 1 to 100', fixes: [] };
  return {
    hint: 'is above 100: Apache accepts 1 to 100, so scale every member of the balancer down instead (the shares only depend on the ratios)',
    fixes: [{ title: 'Set loadfactor=100', safe: false, edits: [{ span: parameter.valueSpan, newText: '100' }] }],
  };
}

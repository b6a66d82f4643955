import type { Analysis } from '../analysis';
import type { ModelProblem } from '../model/model';
import { apacheSays, modelProblems } from './shared';
import type { Rule } from './types';

/**
 * A `BalancerMember URL` line outside any section: Apache refuses it on its own, but it is the
 * usual shape of a file meant to be included inside `<Proxy balancer://…>`.
 */
export function isIncludableMember(analysis: Analysis, problem: ModelProblem): boolean {
  if (!problem.message.includes('must define remote proxy server')) return false;
  const bare = analysis.tree.text.slice(problem.span.start, problem.span.end).split(/\s+/).slice(1).filter((word) => !word.includes('='));
  return bare.length === 1 && /^["']?[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]/.test(bare[0]!);
}

export const rule: Rule = {
  id: 'member-needs-section',
  severity: 'warning',
  docs: {
    summary: '`BalancerMember URL` outside any `<Proxy>`: valid only in a file included inside `<Proxy balancer://…>`',
    why: 'Outside a section BalancerMember takes the balancer name first, so on its own Apache reads the URL as the balancer name and refuses the line ("BalancerMember must define remote proxy server"). Inside a <Proxy balancer://…> that includes this file, it is fine.',
    bad: 'BalancerMember http://10.0.0.1:8080 route=n1',
    good: 'BalancerMember balancer://shop http://10.0.0.1:8080 route=n1',
  },
  *check({ analysis }) {
    for (const problem of modelProblems(analysis, 'member-arguments')) {
      if (!isIncludableMember(analysis, problem)) continue;
      yield {
        span: problem.span,
        message: `this member names no balancer: it works only if this file is included inside <Proxy balancer://…>; on its own, write BalancerMember balancer://NAME URL (${apacheSays(problem.message)})`,
      };
    }
  },
};

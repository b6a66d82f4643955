import type { Analysis } from '../analysis';
import type { ModelProblem } from '../model/model';
import { knownModules } from '../syntax/conditions';
import type { SyntaxTree } from '../syntax/tree';
import { walk, WalkStep } from '../syntax/walk';
import { apacheSays, modelProblems } from './shared';
import type { Rule } from './types';

/**
 * A `BalancerMember URL` line outside any section: Apache refuses it on its own, but it is the
 * usual shape of a file meant to be included inside `<Proxy balancer://…>`. Not in a complete
 * configuration (one that loads its modules itself), which nothing includes.
 */
export function isIncludableMember(analysis: Analysis, problem: ModelProblem): boolean {
  if (!problem.message.includes('must define remote proxy server') || knownModules(analysis.tree) !== undefined) return false;
  const step = directiveAt(analysis.tree, problem.span.start);
  if (!step) return false;
  // The words as add_member saw them (after continuation and ${VAR}): one URL and parameters.
  const bare = step.directive.args.filter((word) => !word.value.includes('='));
  return step.parent === undefined && bare.length === 1 && /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]/.test(bare[0]!.value);
}

type DirectiveStep = Extract<WalkStep, { kind: 'directive' }>;

const DIRECTIVE_STEPS = new WeakMap<SyntaxTree, ReadonlyMap<number, DirectiveStep>>();

/** The walk step of the directive starting at `offset`; indexed once per tree, not searched per problem. */
function directiveAt(tree: SyntaxTree, offset: number): DirectiveStep | undefined {
  let index = DIRECTIVE_STEPS.get(tree);
  if (!index) {
    const byStart = new Map<number, DirectiveStep>();
    for (const step of walk(tree.nodes)) if (step.kind === 'directive' && !byStart.has(step.directive.span.start)) byStart.set(step.directive.span.start, step);
    index = byStart;
    DIRECTIVE_STEPS.set(tree, index);
  }
  return index.get(offset);
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

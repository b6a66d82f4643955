import { firstPassing } from '../search';
import type { Span } from '../span';
import { stepsNamed } from '../syntax/named';
import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Rules that would report a refused BalancerMember line again, as if Apache had kept it. */
const CONSEQUENCES = new Set(['nested-balancer-member', 'shared-member']);

export const rule: Rule = {
  id: 'member-syntax',
  severity: 'error',
  docs: {
    summary:
      '`BalancerMember` arguments Apache refuses: no URL, no balancer outside `<Proxy>`, a second bare word (a trailing `# comment`, a space inside `status=`)',
    why: 'Outside `<Proxy>`, BalancerMember takes the balancer name first and the URL second; inside, only the URL. Any other bare word — including a `#` comment on the same line, since comments must start the line — stops Apache from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const problem of modelProblems(analysis, 'member-syntax')) {
      const word = text.slice(problem.span.start, problem.span.end);
      let hint = 'check the arguments: BalancerMember [balancer://NAME] URL [key=value …]';
      if (word.startsWith('#'))
        hint = 'a trailing "#" comment is read as arguments, as Apache has no trailing comments: move the comment to its own line';
      else if (
        /^[+-]?[a-z]+$/i.test(word) &&
        /status=\S*\s+$/i.test(text.slice(Math.max(0, problem.span.start - 40), problem.span.start))
      ) {
        hint = 'a status value cannot contain spaces: write the letters together, e.g. status=+H+R';
      } else if (problem.reason) hint = problem.reason;
      else if (problem.message.includes('must define balancer name'))
        hint = 'outside <Proxy balancer://…> the balancer name must come first';
      else if (problem.message.includes('can not have a balancer name')) hint = 'inside <Proxy balancer://…> give only the member URL';
      findings.push({ span: problem.span, message: hint, apacheMessage: problem.message });
    }
    return findings;
  },
  /** A BalancerMember line Apache refuses is not also a nested balancer or a shared member: one cause, one finding. */
  standsInFor(analysis) {
    const problems = modelProblems(analysis, 'member-syntax')
      .map((problem) => problem.span.start)
      .sort((a, b) => a - b);
    const refused: Span[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['balancermember'])) {
      if (step.kind !== 'directive') continue;
      const line = step.directive.span;
      const next = problems[firstPassing(problems, (start) => start >= line.start)];
      if (next !== undefined && next < line.end) refused.push(line);
    }
    refused.sort((a, b) => a.start - b.start);
    const starts = refused.map((line) => line.start);
    return (diagnostic) => {
      if (!CONSEQUENCES.has(diagnostic.ruleId)) return false;
      // The last refused line starting at or before the finding, which never overlaps another.
      const line = refused[firstPassing(starts, (start) => start > diagnostic.span.start) - 1];
      return line !== undefined && diagnostic.span.end <= line.end;
    };
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2 # primary\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    # primary\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n</Proxy>',
};

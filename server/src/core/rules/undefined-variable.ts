import type { SyntaxDiagnostic } from '../syntax/tree';
import { syntaxProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'undefined-variable',
  severity: 'info',
  docs: {
    summary: 'a `${VAR}` that no `Define` before it sets',
    why: "Apache leaves an undefined `${VAR}` in the text literally and logs AH00111; unless the variable comes from the environment (Debian's envvars, `apache2 -D`), the directive then sees the literal text. balancer-lens takes variables from outside the files only when told: `--env-file` (Debian's envvars), `--define NAME=VALUE`, or `--env-from-process` for its own environment, which is off by default so that a configuration from a pull request cannot print a CI secret.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    // One finding per variable and file, at its first use, however often the file uses it.
    const { text, files } = analysis.tree;
    const uses = new Map<string, SyntaxDiagnostic[]>();
    // In text order, so the file each is in is found walking forward once.
    const problems = syntaxProblems(analysis, 'undefined-variable').sort((a, b) => a.span.start - b.span.start);
    let file = 0;
    for (const problem of problems) {
      while (file + 1 < files.length && files[file + 1]!.start <= problem.span.start) file++;
      const key = `${files[file]?.path ?? ''}\0${text.slice(problem.span.start, problem.span.end)}`;
      const found = uses.get(key);
      if (found) found.push(problem);
      else uses.set(key, [problem]);
    }
    for (const [first, ...more] of uses.values()) {
      const name = text.slice(first!.span.start, first!.span.end);
      const where = more.length === 0 ? 'this line' : `its ${more.length + 1} uses in this file`;
      findings.push({
        span: first!.span,
        message: `${name} is not defined before ${where}: define it earlier, or give it with --env-file or --define`,
        apacheMessage: first!.message,
        ...(more.length > 0 ? { related: more.map((use) => ({ span: use.span, message: `${name} used here too` })) } : {}),
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'BalancerMember balancer://api http://10.0.1.1:9000 route=${API_ROUTE}',
  good: 'Define API_ROUTE api1\nBalancerMember balancer://api http://10.0.1.1:9000 route=${API_ROUTE}',
};

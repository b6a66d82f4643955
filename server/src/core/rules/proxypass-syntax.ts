import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'proxypass-syntax',
  severity: 'error',
  docs: {
    summary: '`ProxyPass` arguments Apache refuses: a missing path or URL, a path inside `<Location>`, a bare word, `~` on ProxyPassMatch',
    why: 'ProxyPass takes PATH URL [key=value …] (only URL inside <Location>); anything else stops Apache from starting.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    for (const problem of modelProblems(analysis, 'proxypass-syntax')) {
      // A `#` after the arguments is the usual cause: Apache comments only start a line.
      const isComment = text.startsWith('#', problem.span.start);
      findings.push({
        span: problem.span,
        message: isComment
          ? '"#" after a directive starts no comment in Apache: move the comment to its own line'
          : 'fix the ProxyPass arguments: ProxyPass PATH URL [key=value …], or only URL inside <Location>',
        apacheMessage: problem.message,
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'ProxyPass "/shop/" "balancer://shop/" timeout 30',
  good: 'ProxyPass "/shop/" "balancer://shop/" timeout=30',
};

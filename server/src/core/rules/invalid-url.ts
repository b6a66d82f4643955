import { quoted } from '../bounded';
import { modelProblems } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'invalid-url',
  severity: 'error',
  docs: {
    summary: 'a member or worker URL Apache cannot parse or that is not absolute (`server1`, `127.0.0.1:8080`, `unix:` without `|`)',
    why: 'Members need an absolute URL with a scheme and a host, such as http://10.0.0.1:8080; Apache refuses to start otherwise.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const problem of modelProblems(analysis, 'invalid-url')) {
      const written = analysis.tree.text.slice(problem.span.start, problem.span.end);
      // The host as a URL would hold it: without the quotes the word was written in, nor a scheme.
      const host = written.replace(/^(["'])(.*)\1$/, '$2').replace(/^[a-z]+:\/*/i, '');
      const fixable = /^[A-Za-z0-9.-]+(:\d+)?(\/\S*)?$/.test(written);
      findings.push({
        span: problem.span,
        message: `${quoted(written)} is not an absolute URL: write scheme://host[:port], e.g. ${quoted(`http://${host}`)}`,
        apacheMessage: problem.message,
        fixes: fixable
          ? [{ title: `Use http://${written}`, safe: false, edits: [{ span: problem.span, newText: `http://${written}` }] }]
          : [],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember 10.0.0.1:8080\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember http://10.0.0.1:8080\n</Proxy>',
};

import { modelProblems } from './shared';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'proxypass-syntax',
  severity: 'error',
  docs: {
    summary: '`ProxyPass` arguments Apache refuses: a missing path or URL, a path inside `<Location>`, a bare word, `~` on ProxyPassMatch',
    why: 'ProxyPass takes PATH URL [key=value …] (only URL inside <Location>); anything else stops Apache from starting.',
    bad: 'ProxyPass "/shop/" "balancer://shop/" timeout 30',
    good: 'ProxyPass "/shop/" "balancer://shop/" timeout=30',
  },
  *check({ analysis }) {
    for (const problem of modelProblems(analysis, 'proxypass-syntax')) {
      yield {
        span: problem.span,
        message: 'fix the ProxyPass arguments: ProxyPass PATH URL [key=value …], or only URL inside <Location>',
        apacheMessage: problem.message,
      };
    }
  },
};

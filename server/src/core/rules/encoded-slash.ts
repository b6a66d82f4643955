import { serverLines } from '../requests/probe';
import { serversOf, Line } from '../requests/servers';
import type { Rule, RuleExamples } from './types';

export const rule: Rule = {
  id: 'encoded-slash',
  severity: 'warning',
  docs: {
    summary: '`AllowEncodedSlashes On` in a server that proxies without `nocanon`: members receive `/` where clients sent `%2F`',
    why: '`AllowEncodedSlashes On` lets a path with `%2F` through but decodes it, so the member receives `team/app` where the client sent `team%2Fapp` (Jenkins job names, GitLab project paths, object keys) and routes it elsewhere. `AllowEncodedSlashes NoDecode` keeps `%2F` as sent.',
  },
  *check({ analysis }) {
    const lines = serverLines(analysis, ['proxypass', 'allowencodedslashes']);
    const main = serversOf(analysis).main;
    // nocanon sends the raw path, %2F included, whatever AllowEncodedSlashes decoded.
    const decoding = (pass: Line): boolean =>
      pass.name === 'proxypass' && !pass.directive.args.some((word) => word.value.toLowerCase() === 'nocanon');
    for (const line of lines) {
      if (line.name !== 'allowencodedslashes' || line.sections.length > 0 || line.directive.args[0]?.value.toLowerCase() !== 'on') continue;
      if (!lines.some((pass) => decoding(pass) && (pass.server === line.server || line.server === main))) continue;
      yield {
        span: line.directive.span,
        message: 'members receive "/" where clients send %2F: On decodes it before proxying, use NoDecode with nocanon',
      };
    }
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes On\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/"',
  good: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
};

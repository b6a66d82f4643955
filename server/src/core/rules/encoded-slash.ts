import { serverLines } from '../requests/probe';
import { serversOf, Line } from '../requests/servers';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'encoded-slash',
  severity: 'warning',
  docs: {
    summary:
      '`AllowEncodedSlashes On` in a server that proxies without `nocanon`, or `NoDecode` with a ProxyPass in `<Location>` without it: members do not receive `%2F` as sent',
    why: "`AllowEncodedSlashes On` lets a path with `%2F` through but decodes it, so the member receives `team/app` where the client sent `team%2Fapp` (Jenkins job names, GitLab project paths, object keys) and routes it elsewhere. `AllowEncodedSlashes NoDecode` keeps `%2F` as sent, but not under a `<Location>`: its per-directory settings carry the directive's default, so mod_proxy encodes the `%` again and the member receives `team%252Fapp` (checked on Apache 2.4.71). `nocanon` sends the path as the client wrote it.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['proxypass', 'allowencodedslashes']);
    const main = serversOf(analysis).main;
    // nocanon sends the raw path, %2F included, whatever AllowEncodedSlashes decoded.
    const decoding = (pass: Line): boolean =>
      pass.name === 'proxypass' && !pass.directive.args.some((word) => word.value.toLowerCase() === 'nocanon');
    const inLocation = (pass: Line): boolean => pass.sections.some((section) => /^location(match)?$/i.test(section.name));
    for (const line of lines) {
      if (line.name !== 'allowencodedslashes' || line.sections.length > 0) continue;
      const value = line.directive.args[0]?.value.toLowerCase();
      const reaches = (pass: Line): boolean => decoding(pass) && (pass.server === line.server || line.server === main);
      if (value === 'on' && lines.some(reaches))
        findings.push({
          span: line.directive.span,
          message: 'members receive "/" where clients send %2F: On decodes it before proxying, use NoDecode with nocanon',
        });
      if (value === 'nodecode')
        for (const pass of lines)
          if (reaches(pass) && inLocation(pass))
            findings.push({
              span: pass.directive.span,
              message: 'members receive %252F where clients send %2F: <Location> undoes NoDecode for mod_proxy, add nocanon',
            });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes On\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/"',
  good: '<Proxy "balancer://jenkins">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAllowEncodedSlashes NoDecode\nProxyPass "/jenkins/" "balancer://jenkins/jenkins/" nocanon',
};

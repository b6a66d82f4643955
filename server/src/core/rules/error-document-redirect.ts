import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'error-document-redirect',
  severity: 'warning',
  docs: {
    summary: 'an `ErrorDocument` that names a full URL: the client gets a redirect instead of the error status',
    why: 'With `http://…` Apache answers a redirect (302) to that URL instead of the error: a 503 from a dead balancer reaches monitoring, load balancers in front, API clients and search engines as a redirect to a page that answers 200, and for 401 Apache ignores the line (AH00113) and sends its own page. A local path (`ErrorDocument 503 /errors/503.html`, kept out of the proxy) keeps the status.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['errordocument'])) {
      if (step.kind !== 'directive') continue;
      const [status, target] = step.directive.args;
      // core's set_error_document: a value with a space is a message, whatever it starts with.
      if (!status || !target || !/^[45]\d\d$/.test(status.value) || !/^https?:\/\//i.test(target.value) || target.value.includes(' '))
        continue;
      findings.push(
        status.value === '401'
          ? {
              span: target.span,
              message: 'a full URL for 401 is ignored, so the client gets the default page: serve a local path',
              apacheMessage: 'AH00113: cannot use a full URL in a 401 ErrorDocument directive --- ignoring!',
            }
          : {
              span: target.span,
              message: `the client gets a 302 redirect to ${quoted(target.value)} instead of status ${status.value}: serve a local path`,
            },
      );
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nErrorDocument 503 "https://status.example.com/"\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAlias "/errors/" "/srv/errors/"\nErrorDocument 503 "/errors/503.html"\nProxyPass "/errors/" "!"\nProxyPass "/" "balancer://app/"',
};

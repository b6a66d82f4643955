import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule } from './types';

export const rule: Rule = {
  id: 'error-document-redirect',
  severity: 'warning',
  docs: {
    summary: 'an `ErrorDocument` that names a full URL: the client gets a redirect instead of the error status',
    why: 'With `http://…` Apache answers a redirect (302) to that URL instead of the error: a 503 from a dead balancer reaches monitoring, load balancers in front, API clients and search engines as a redirect to a page that answers 200, and for 401 the browser never asks for a password. A local path (`ErrorDocument 503 /errors/503.html`, kept out of the proxy) keeps the status.',
    bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nErrorDocument 503 "https://status.example.com/"\nProxyPass "/" "balancer://app/"',
    good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nAlias "/errors/" "/srv/errors/"\nErrorDocument 503 "/errors/503.html"\nProxyPass "/errors/" "!"\nProxyPass "/" "balancer://app/"',
  },
  *check({ analysis }) {
    for (const step of stepsNamed(analysis.tree.nodes, ['errordocument'])) {
      if (step.kind !== 'directive') continue;
      const [status, target] = step.directive.args;
      if (!status || !target || !/^[45]\d\d$/.test(status.value) || !/^https?:\/\//i.test(target.value)) continue;
      yield {
        span: target.span,
        message: `the client gets a 302 redirect to ${quoted(target.value)} instead of status ${status.value}: serve a local path`,
      };
    }
  },
};

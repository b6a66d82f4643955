import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Request headers an application reads behind a proxy; never meaningful in a response. */
const FORWARDING = /^(x-forwarded-(proto|for|host|port|ssl|server|prefix|scheme)|x-real-ip|x-url-scheme|front-end-https|forwarded)$/i;
/** Header actions RequestHeader has too. */
const ACTIONS = new Set(['set', 'setifempty', 'append', 'add', 'merge', 'unset', 'edit', 'edit*']);

export const rule: Rule = {
  id: 'response-header-for-member',
  severity: 'warning',
  docs: {
    summary:
      '`Header` setting `X-Forwarded-Proto` (or another forwarding header) that the member is meant to receive: `Header` edits the response',
    why: '`Header` changes the headers of the response the client gets; the request the member receives is changed with `RequestHeader`. An application behind the proxy never sees `Header set X-Forwarded-Proto https`, so it builds `http://` links and redirects (Keycloak, Jenkins, Nextcloud and most frameworks read these headers).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const step of stepsNamed(analysis.tree.nodes, ['header'])) {
      if (step.kind !== 'directive') continue;
      const directive = step.directive;
      const args = directive.args;
      const conditional = /^(always|onsuccess)$/i.test(args[0]?.value ?? '');
      const action = args[conditional ? 1 : 0];
      const name = args[conditional ? 2 : 1];
      if (!action || !name || !ACTIONS.has(action.value.toLowerCase()) || !FORWARDING.test(name.value)) continue;
      // `always` and `onsuccess` are response conditions: RequestHeader has none.
      const end = conditional ? args[0]!.span.end : directive.nameSpan.end;
      findings.push({
        span: directive.nameSpan,
        message: `the member never receives ${quoted(name.value)}: Header edits the response, RequestHeader the request`,
        fixes: [
          {
            title: 'Use RequestHeader',
            safe: true,
            edits: [{ span: { start: directive.nameSpan.start, end }, newText: 'RequestHeader' }],
          },
        ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nHeader set X-Forwarded-Proto "https"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRequestHeader set X-Forwarded-Proto "https"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"',
};

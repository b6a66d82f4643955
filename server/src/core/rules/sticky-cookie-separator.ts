import { quoted } from '../bounded';
import { stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** The variable mod_proxy_balancer sets to the chosen member's route. */
const ROUTE = '%{BALANCER_WORKER_ROUTE}e';
/** Header actions that write the header's value. */
const WRITES = new Set(['set', 'add', 'append', 'merge', 'setifempty']);

export const rule: Rule = {
  id: 'sticky-cookie-separator',
  severity: 'warning',
  docs: {
    summary: 'a sticky cookie set to `NAME=%{BALANCER_WORKER_ROUTE}e` without the `.` before the route: sessions never stick',
    why: 'Apache reads the route from the part of the cookie value after the first stickysessionsep character ("." by default), so a cookie holding only the route is never matched to a member and every request is balanced afresh (verified: ROUTEID=b is ignored, ROUTEID=.b sticks).',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const text = analysis.tree.text;
    const balancers = analysis.model.balancers;
    for (const step of stepsNamed(analysis.tree.nodes, ['header'])) {
      if (step.kind !== 'directive') continue;
      const args = step.directive.args;
      // Header [condition] action header value …: find the action, then the header it writes.
      const action = args.findIndex((word) => WRITES.has(word.value.toLowerCase()));
      const header = args[action + 1];
      const value = args[action + 2];
      if (action < 0 || !header || !value || header.value.toLowerCase() !== 'set-cookie' || !value.value.includes(ROUTE)) continue;
      const cookie = value.value.slice(0, value.value.indexOf(ROUTE));
      const equals = cookie.indexOf('=');
      if (equals < 0 || /[%$]\{/.test(cookie)) continue;
      const name = cookie.slice(0, equals).trim();
      // The balancer whose stickysession names this cookie decides the separator; "." by default.
      const separator = balancers.find((balancer) => balancer.params.stickyCookie === name)?.params.stickysessionsep ?? '.';
      if (separator === '' || cookie.slice(equals + 1).includes(separator)) continue;
      const raw = text.slice(value.span.start, value.span.end);
      const at = raw.indexOf(ROUTE);
      const offset = at < 0 ? undefined : value.span.start + at;
      const fixed = `${name}=${cookie.slice(equals + 1)}${separator}${ROUTE}`;
      findings.push({
        span: offset === undefined ? value.span : { start: offset, end: offset + ROUTE.length },
        message: `no "${separator}" before the route, so Apache never finds it and sessions never stick: write ${quoted(fixed)}`,
        fixes:
          offset === undefined
            ? []
            : [
                {
                  title: `Insert "${separator}" before the route`,
                  safe: true,
                  edits: [{ span: { start: offset, end: offset }, newText: separator }],
                },
              ],
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'Header add Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=1\n    BalancerMember "http://10.0.0.2:8080" route=2\n    ProxySet stickysession=ROUTEID\n</Proxy>',
  good: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" route=1\n    BalancerMember "http://10.0.0.2:8080" route=2\n    ProxySet stickysession=ROUTEID\n</Proxy>',
};

import { asciiLower } from '../ascii';
import { serverLines } from '../requests/probe';
import { serversOf, type Server } from '../requests/servers';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** RequestHeader actions that give Host a value; `unset` and `note` do not. */
const SETTING = new Set(['set', 'add', 'append', 'merge', 'edit', 'edit*', 'setifempty']);

export const rule: Rule = {
  id: 'host-header-ignored',
  severity: 'warning',
  docs: {
    summary: '`RequestHeader set Host …` in a server without `ProxyPreserveHost On`: the member never sees it',
    why: "mod_proxy writes the `Host` header of the request to a member itself: the member's own host and port, unless `ProxyPreserveHost On` makes it pass the request's `Host` (which `RequestHeader` may have changed). Without it, a `RequestHeader` on `Host` changes nothing the member receives.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['requestheader', 'proxypreservehost', 'proxypass', 'proxypassmatch']);
    if (!lines.some((line) => line.name === 'requestheader')) return findings;
    const { main } = serversOf(analysis);
    // The servers with ProxyPreserveHost On anywhere in them, and those that proxy, found in one pass.
    const preserving = new Set<Server>();
    const proxying = new Set<Server>();
    for (const line of lines) {
      if (line.name === 'proxypreservehost' && asciiLower(line.directive.args[0]?.value ?? '') === 'on') preserving.add(line.server);
      else if (line.name === 'proxypass' || line.name === 'proxypassmatch') proxying.add(line.server);
    }
    for (const line of lines) {
      if (line.name !== 'requestheader') continue;
      const args = line.directive.args;
      const action = asciiLower(args[0]?.value ?? '');
      if (!SETTING.has(action) || asciiLower(args[1]?.value ?? '') !== 'host') continue;
      const server = line.server;
      // ProxyPreserveHost On anywhere in the server or the main server (its virtual hosts inherit it) may apply.
      if (preserving.has(server) || preserving.has(main) || !(proxying.has(server) || proxying.has(main))) continue;
      findings.push({
        span: line.directive.span,
        message: 'without ProxyPreserveHost On the member gets its own address as Host, so this changes nothing: add ProxyPreserveHost On',
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nRequestHeader set Host "app.example.com"\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\nProxyPreserveHost On\nRequestHeader set Host "app.example.com"\nProxyPass "/" "balancer://app/"',
};

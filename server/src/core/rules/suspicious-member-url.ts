import { quoted } from '../bounded';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** The host and port of a member URL, when it has them. */
function hostPort(url: string): { scheme: string; host: string; port: string } | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(url.replace(/^unix:[^|]*\|/i, ''));
  return match ? { scheme: match[1]!.toLowerCase(), host: match[2]!, port: match[3] ?? '' } : undefined;
}

/**
 * What a URL must hold to be one of these, tested before it is taken apart (most members are none):
 * port 80 or 443, or a last part of an IPv4 host naming a network or its broadcast address.
 */
const SUSPECT = /:(?:80|443)(?!\d)|\.(?:0|255)(?:[:/?#]|$)/;

export const rule: Rule = {
  id: 'suspicious-member-url',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'a member URL that cannot work as written: https on port 80, http on port 443, or an IPv4 network or broadcast address (.0, .255)',
    why: "Apache accepts these, then every request picked for the member fails: a TLS handshake with a plain-HTTP port (or the reverse) never succeeds, and x.x.x.0 / x.x.x.255 are usually a subnet's network and broadcast addresses, not a server.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    for (const balancer of analysis.model.balancers) {
      if (balancer.inherited) continue;
      for (const member of balancer.members) {
        if (!SUSPECT.test(member.url)) continue;
        const parts = hostPort(member.url);
        if (!parts) continue;
        let problem: string | undefined;
        if (parts.scheme === 'https' && parts.port === '80')
          problem = 'https on port 80, the plain-HTTP port, so the TLS handshake fails: use http:// or port 443';
        else if (parts.scheme === 'http' && parts.port === '443')
          problem = 'http on port 443, the TLS port, so the member answers with TLS: use https:// or port 80';
        else if (/^\d+\.\d+\.\d+\.(0|255)$/.test(parts.host))
          problem = `${parts.host}, a network or broadcast address, not a server: check the member's address`;
        if (problem) findings.push({ span: member.declaration.url, message: `${quoted(member.url)} uses ${problem}` });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://shop">\n    BalancerMember "https://10.0.0.1:80/"\n    BalancerMember "http://10.0.0.255:8080"\n</Proxy>',
  good: '<Proxy "balancer://shop">\n    BalancerMember "https://10.0.0.1:443/"\n    BalancerMember "http://10.0.0.25:8080"\n</Proxy>',
};

import { serverLines } from '../requests/probe';
import { serversOf } from '../requests/servers';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** Directives that give mod_ssl certificates to verify members against. */
const AUTHORITIES = new Set(['sslproxycacertificatefile', 'sslproxycacertificatepath']);

export const rule: Rule = {
  id: 'tls-verify-without-ca',
  severity: 'warning',
  docs: {
    summary: '`SSLProxyVerify require` with no `SSLProxyCACertificateFile` or `…Path` for the server: every TLS member fails verification',
    why: "mod_ssl verifies a member's certificate only against the authorities the server is given, not the system's store: with none, every handshake fails and each request to an `https://` member answers 500.",
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const lines = serverLines(analysis, ['sslproxyverify', ...AUTHORITIES]);
    const main = serversOf(analysis).main;
    for (const line of lines) {
      if (line.name !== 'sslproxyverify' || line.sections.length > 0 || line.directive.args[0]?.value.toLowerCase() !== 'require') continue;
      const has = (server: typeof main): boolean =>
        lines.some((each) => AUTHORITIES.has(each.name) && each.server === server && each.sections.length === 0);
      if (has(line.server) || (line.server !== main && has(main))) continue;
      // Set in the main server, it is inherited by every virtual host: one with its own authorities is fine.
      if (line.server === main && serversOf(analysis).vhosts.some((vhost) => has(vhost))) continue;
      findings.push({
        span: line.directive.span,
        message: 'no SSLProxyCACertificateFile or SSLProxyCACertificatePath here: every TLS member fails verification (500)',
      });
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'SSLProxyEngine On\nSSLProxyVerify require\n<Proxy "balancer://app">\n    BalancerMember "https://app1.example.com"\n</Proxy>\nProxyPass "/" "balancer://app/"',
  good: 'SSLProxyEngine On\nSSLProxyVerify require\nSSLProxyCACertificateFile "/etc/ssl/certs/ca-certificates.crt"\n<Proxy "balancer://app">\n    BalancerMember "https://app1.example.com"\n</Proxy>\nProxyPass "/" "balancer://app/"',
};

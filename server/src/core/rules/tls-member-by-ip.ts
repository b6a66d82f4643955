import { asciiLower } from '../ascii';
import type { Section } from '../syntax/tree';
import { enclosing, stepsNamed } from '../syntax/named';
import type { Rule, RuleExamples, RuleFinding } from './types';

/** `https://10.0.0.1:8443/…`, `wss://[::1]/…`: a TLS member named by an IP address. */
const TLS_BY_IP = /^(https|wss):\/\/(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d*)?(\/|$)/i;

export const rule: Rule = {
  id: 'tls-member-by-ip',
  severity: 'warning',
  ignoresValues: true,
  docs: {
    summary:
      'an `https://` or `wss://` member given by IP address while Apache checks the peer name (`SSLProxyCheckPeerName`, on by default)',
    why: 'mod_ssl compares the member\'s host with the names in its certificate; a certificate issued for a host name does not name the IP, so every handshake fails and requests get 500 (AH00898 "Error during SSL Handshake with remote server"). Name the member by the host its certificate is for.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    // Servers (undefined: the main server) whose peer-name check is off somewhere: their members are left alone.
    const unchecked = new Set<Section | undefined>();
    const nodes = analysis.tree.nodes;
    for (const step of stepsNamed(nodes, ['sslproxycheckpeername'])) {
      if (step.kind === 'directive' && asciiLower(step.directive.args[0]?.value ?? '') === 'off')
        unchecked.add(enclosing(nodes, step.parent, 'virtualhost'));
    }
    // A virtual host takes the main server's setting unless it has its own.
    if (unchecked.has(undefined)) return findings;
    for (const balancer of analysis.model.balancers) {
      const vhost = balancer.scope.kind === 'vhost' ? balancer.scope.section : undefined;
      if (unchecked.has(vhost)) continue;
      for (const member of balancer.members) {
        if (!TLS_BY_IP.test(member.url)) continue;
        findings.push({
          span: member.declaration.url,
          message: 'a certificate names a host, not an IP, so the TLS handshake with this member fails: name it by host',
        });
      }
    }
    return findings;
  },
};

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: 'SSLProxyEngine On\n<Proxy "balancer://shop">\n    BalancerMember "https://10.0.0.1:8443"\n</Proxy>\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"',
  good: 'SSLProxyEngine On\n<Proxy "balancer://shop">\n    BalancerMember "https://app1.example.com:8443"\n</Proxy>\nProxyPass "/" "balancer://shop/"\nProxyPassReverse "/" "balancer://shop/"',
};

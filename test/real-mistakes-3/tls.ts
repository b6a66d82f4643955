// TLS to members: the name Apache checks the member's certificate against.
import { RequestMistake } from '../real-mistakes-2/case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
const BY_NAME =
  '<Proxy "balancer://app">\n    BalancerMember "https://localhost:{a.port}"\n    BalancerMember "https://localhost:{b.port}"\n</Proxy>';

export const TLS: readonly RequestMistake[] = [
  {
    // With the client's Host preserved, Apache also sends it as the TLS name and checks the member's certificate
    // against it; the certificate names the member, so every handshake fails even though the member is named right.
    name: 'preserve-host-breaks-tls-peer-name',
    url: 'https://github.com/vshn/modsecurity-docker/pull/30',
    tls: true,
    config: `SSLProxyEngine On\n${BY_NAME}\nProxyPreserveHost On\n${PASS}`,
    at: 'ProxyPreserveHost On',
    twin: `SSLProxyEngine On\n${BY_NAME}\nProxyPreserveHost Off\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { member: 'a', status: 200 },
  },
];

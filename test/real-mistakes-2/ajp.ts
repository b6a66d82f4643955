// AJP members: the protocol a member's port speaks.
import { RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';

export const AJP: readonly RequestMistake[] = [
  {
    name: 'ajp-to-http-port',
    url: 'https://tomcat.apache.org/tomcat-9.0-doc/config/ajp.html',
    config: `<Proxy "balancer://app">\n    BalancerMember "ajp://{a}"\n    BalancerMember "ajp://{b}"\n</Proxy>\n${PASS}`,
    at: 'BalancerMember "ajp://{a}"',
    twin: `<Proxy "balancer://app">\n    BalancerMember "http://{a}"\n    BalancerMember "http://{b}"\n</Proxy>\n${PASS}`,
    request: { path: '/manager/' },
    symptom: { received: null, status: 503 },
    fixed: { received: '/manager/', status: 200 },
  },
];

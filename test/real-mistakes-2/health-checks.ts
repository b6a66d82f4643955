// Health checks (mod_proxy_hcheck): what a check asks, and what it takes for healthy. Each case waits for
// the first checks, one a second, before its request.
import { RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
/** Two members checked with `params`. */
const checked = (params: string): string =>
  `<Proxy "balancer://app">\n    BalancerMember "http://{a}" ${params}\n    BalancerMember "http://{b}" ${params}\n</Proxy>\n${PASS}`;
const WAIT_MS = 4000;
const MAINTENANCE = "ProxyHCExpr in_maint {hc('body') !~ /Under maintenance/}";

export const HEALTH_CHECKS: readonly RequestMistake[] = [
  {
    name: 'hcuri-without-hcmethod-checks-nothing',
    url: 'https://httpd.apache.org/docs/trunk/mod/mod_proxy_hcheck.html',
    config: checked('hcuri=/health hcinterval=1'),
    at: 'BalancerMember "http://{a}" hcuri=/health',
    twin: checked('hcmethod=GET hcuri=/health hcinterval=1'),
    waitMs: WAIT_MS,
    reply: { status: 503 },
    request: { path: '/page' },
    symptom: { status: 503, body: '"requestLine"' },
    fixed: { status: 503, body: 'Service Unavailable' },
  },
  {
    name: 'hcmethod-head-refused-by-application',
    url: 'https://github.com/vmware-archive/healthcheck/issues/29',
    config: checked('hcmethod=HEAD hcuri=/health hcinterval=1'),
    at: 'hcmethod=HEAD',
    twin: checked('hcmethod=GET hcuri=/health hcinterval=1'),
    waitMs: WAIT_MS,
    reply: { routes: { 'HEAD /health': { status: 405 } } },
    request: { path: '/page' },
    symptom: { status: 503, body: 'Service Unavailable' },
    fixed: { status: 200 },
  },
  {
    name: 'hcexpr-on-body-with-head-checks',
    url: 'https://httpd.apache.org/docs/mod/mod_proxy_hcheck.html',
    config: `${MAINTENANCE}\n${checked('hcmethod=HEAD hcexpr=in_maint hcuri=/health hcinterval=1')}`,
    at: 'hcmethod=HEAD',
    twin: `${MAINTENANCE}\n${checked('hcmethod=GET hcexpr=in_maint hcuri=/health hcinterval=1')}`,
    waitMs: WAIT_MS,
    reply: { routes: { '/health': { body: 'Under maintenance' } } },
    request: { path: '/page' },
    symptom: { status: 200, body: '"requestLine"' },
    fixed: { status: 503 },
  },
];

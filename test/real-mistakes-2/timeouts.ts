// Timeouts and retries, and what each one means.
import { RequestMistake } from './case';

const members = (params: string): string =>
  `<Proxy "balancer://app">\n    BalancerMember "http://{a}" ${params}\n    BalancerMember "http://{b}" ${params}\n</Proxy>\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`;

export const TIMEOUTS: readonly RequestMistake[] = [
  {
    name: 'timeout-meant-as-connect-timeout',
    url: 'https://www.simplified.guide/apache/tune-proxy-timeouts',
    config: members('timeout=1'),
    at: 'timeout=1',
    twin: members('connectiontimeout=1'),
    reply: { delayMs: 2500 },
    request: { path: '/report' },
    symptom: { status: 502 },
    fixed: { status: 200 },
  },
  {
    name: 'proxytimeout-too-short-for-slow-reports',
    url: 'https://runebook.dev/en/docs/apache_http_server/mod/mod_proxy/proxytimeout',
    config: `ProxyTimeout 1\n${members('').replaceAll(' \n', '\n')}`,
    at: 'ProxyTimeout 1',
    twin: `ProxyTimeout 10\n${members('').replaceAll(' \n', '\n')}`,
    reply: { delayMs: 2500 },
    request: { path: '/report' },
    symptom: { status: 502 },
    fixed: { status: 200 },
  },
  {
    name: 'server-timeout-also-bounds-the-proxy',
    url: 'https://serverdevworker.com/2890ac972',
    config: `Timeout 1\n${members('').replaceAll(' \n', '\n')}`,
    at: 'Timeout 1',
    twin: `Timeout 1\nProxyTimeout 10\n${members('').replaceAll(' \n', '\n')}`,
    reply: { delayMs: 2500 },
    request: { path: '/report' },
    symptom: { status: 502 },
    fixed: { status: 200 },
  },
  {
    name: 'balancer-timeout-meant-for-slow-members',
    url: 'https://adminmanuals.com/managing-backend-connection-timeouts-in-apache-load-balancers/',
    config: `<Proxy "balancer://app">\n    BalancerMember "http://{a}"\n    BalancerMember "http://{b}"\n    ProxySet timeout=1\n</Proxy>\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'ProxySet timeout=1',
    // On a balancer, timeout= is how long to wait for a free member, not for a slow one's answer.
    twin: members('timeout=1'),
    reply: { delayMs: 2500 },
    request: { path: '/report' },
    symptom: { status: 200 },
    fixed: { status: 502 },
  },
  {
    name: 'member-timeout-beats-raised-proxytimeout',
    url: 'https://www.simplified.guide/_export/xhtml/apache/tune-proxy-timeouts',
    config: `ProxyTimeout 10\n${members('timeout=1')}`,
    at: 'timeout=1',
    twin: `ProxyTimeout 10\n${members('').replaceAll(' \n', '\n')}`,
    reply: { delayMs: 2500 },
    request: { path: '/report' },
    symptom: { status: 502 },
    fixed: { status: 200 },
  },
];

// Stickiness: the session cookie or parameter the balancer reads, and the routes it looks for in it.
import { RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
/** Two members with the given routes and the balancer's own settings. */
const routed = (a: string, b: string, settings: string): string =>
  `<Proxy "balancer://app">\n    BalancerMember "http://{a}" route=${a}\n    BalancerMember "http://{b}" route=${b}\n    ProxySet ${settings}\n</Proxy>`;
/** A member that refuses connections (route node1) before a live one (route node2). */
const DEAD_FIRST =
  '<Proxy "balancer://app">\n    BalancerMember "http://127.0.0.1:1" route=node1\n    BalancerMember "http://{b}" route=node2\n</Proxy>';
const ROUTE_COOKIE = 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED';

export const STICKINESS: readonly RequestMistake[] = [
  {
    name: 'routes-differ-from-tomcat-jvmroute',
    url: 'https://geekflare.com/tomcat-load-balancer-using-mod-proxy-and-session-sticky/',
    config: `${routed('server1', 'server2', 'stickysession=JSESSIONID')}\n${PASS}`,
    at: 'BalancerMember "http://{a}" route=server1',
    twin: `${routed('node1', 'node2', 'stickysession=JSESSIONID')}\n${PASS}`,
    request: { path: '/cart', headers: { Cookie: 'JSESSIONID=4F2A9C.node2' } },
    symptom: { member: 'a' },
    fixed: { member: 'b' },
  },
  {
    name: 'route-cookie-never-issued',
    url: 'https://help.adobe.com/en_US/AEMForms/ClusterJBoss/WS3c8df5e5f6daa49b-261f008513697378275-7fff.html',
    config: `${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    at: 'ProxySet stickysession=ROUTEID',
    twin: `${ROUTE_COOKIE}\n${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    request: { path: '/' },
    symptom: { setCookie: null },
    fixed: { setCookie: 'ROUTEID=.1; path=/' },
  },
  {
    name: 'url-session-parameter-in-lower-case',
    url: 'https://httpd.apache.org/docs/trunk/mod/mod_proxy_balancer.html',
    config: `${routed('node1', 'node2', 'stickysession=JSESSIONID')}\n${PASS}`,
    at: 'ProxySet stickysession=JSESSIONID',
    twin: `${routed('node1', 'node2', 'stickysession=JSESSIONID|jsessionid')}\n${PASS}`,
    request: { path: '/shop/cart;jsessionid=4F2A9C.node2' },
    symptom: { member: 'a' },
    fixed: { member: 'b' },
  },
  {
    name: 'route-cookie-without-separator',
    url: 'https://pythia.org/manual/mod/mod_proxy_balancer.html',
    config: `${ROUTE_COOKIE.replace('ROUTEID=.', 'ROUTEID=')}\n${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    at: 'Header add Set-Cookie',
    twin: `${ROUTE_COOKIE}\n${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    request: { path: '/' },
    symptom: { setCookie: 'ROUTEID=1; path=/' },
    fixed: { setCookie: 'ROUTEID=.1; path=/' },
  },
  {
    name: 'nofailover-pins-sessions-to-dead-member',
    url: 'https://github.com/v5tech/notes/issues/126',
    config: `${DEAD_FIRST}\nProxyPass "/" "balancer://app/" stickysession=JSESSIONID|jsessionid nofailover=On\nProxyPassReverse "/" "balancer://app/"`,
    at: 'nofailover=On',
    twin: `${DEAD_FIRST}\nProxyPass "/" "balancer://app/" stickysession=JSESSIONID|jsessionid\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/', headers: { Cookie: 'JSESSIONID=4F2A9C.node1' } },
    symptom: { received: null, status: 503 },
    fixed: { member: 'b', status: 200 },
  },
  {
    name: 'route-cookie-header-set-replaces-session',
    url: 'https://www.oreilly.com/library/view/apache-the-definitive/0596002033/re34.html',
    config: `${ROUTE_COOKIE.replace('Header add', 'Header set')}\n${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    at: 'Header set Set-Cookie',
    twin: `${ROUTE_COOKIE}\n${routed('1', '2', 'stickysession=ROUTEID')}\n${PASS}`,
    reply: { setCookie: 'JSESSIONID=1; Path=/' },
    request: { path: '/login' },
    symptom: { setCookie: 'ROUTEID=.1; path=/' },
    fixed: { setCookie: 'JSESSIONID=1; Path=/, ROUTEID=.1; path=/' },
  },
  {
    name: 'sticky-cookie-renamed-by-spring-session',
    url: 'https://github.com/spring-projects/spring-session/issues/256',
    config: `${routed('node1', 'node2', 'stickysession=JSESSIONID')}\n${PASS}`,
    at: 'ProxySet stickysession=JSESSIONID',
    twin: `${routed('node1', 'node2', 'stickysession=SESSION')}\n${PASS}`,
    request: { path: '/cart', headers: { Cookie: 'SESSION=4F2A9C.node2' } },
    symptom: { member: 'a' },
    fixed: { member: 'b' },
  },
];

// Environment variables that steer mod_proxy and mod_headers: set for too many requests, for too few, too late,
// or tested where no such variable exists.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
const WS_MEMBERS = '<Proxy "balancer://ws">\n    BalancerMember "ws://{a}"\n    BalancerMember "ws://{b}"\n</Proxy>';
const UPGRADE = {
  Upgrade: 'websocket',
  Connection: 'Upgrade',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version': '13',
};
/** The notebook proxy of the install guide, with the Origin header its Location sets; `setenv` computes DOCKER_PORT. */
const notebook = (setenv: string): string =>
  `${balancer()}\n${setenv}\nRewriteEngine On\nRewriteRule "^/ipython/([0-9]+)/(.*)$" "balancer://app/ipython/$1/$2" [P,L]\n` +
  'ProxyPassReverse "/ipython/" "balancer://app/ipython/"\n' +
  '<Location "/ipython/">\n    RequestHeader set Origin "http://127.0.0.1:%{DOCKER_PORT}e"\n</Location>';
/** A balancer chosen by an interpolated variable; `define` is the line that gives TARGET_POOL its value. */
const interpolated = (define: string): string =>
  `${balancer()}\nProxyPassInterpolateEnv On\n${define}\n` +
  '<Location "/api/">\n    ProxyPass "balancer://${TARGET_POOL}/api/" interpolate\n    ProxyPassReverse "balancer://${TARGET_POOL}/api/" interpolate\n</Location>';

export const ENVIRONMENT: readonly RequestMistake[] = [
  {
    // A whole-host HTTP/1.0 switch next to a WebSocket route: since 2.4.47 ws:// members go through mod_proxy_http,
    // which drops the upgrade whenever the request is forced to HTTP/1.0, so the handshake never reaches the member.
    name: 'force-http10-drops-websocket-upgrade',
    url: 'https://wiki.universal-devices.com/Apache_Reverse_Proxy',
    config: `SetEnv force-proxy-request-1.0 1\nSetEnv proxy-nokeepalive 1\n${WS_MEMBERS}\nProxyPass "/rest/subscribe" "balancer://ws/rest/subscribe"`,
    at: 'SetEnv force-proxy-request-1.0 1',
    twin: `SetEnv proxy-nokeepalive 1\n${WS_MEMBERS}\nProxyPass "/rest/subscribe" "balancer://ws/rest/subscribe"`,
    request: { path: '/rest/subscribe', headers: UPGRADE },
    symptom: { received: '/rest/subscribe', header: { upgrade: null } },
    fixed: { header: { upgrade: 'websocket' }, status: 101 },
  },
  {
    // env= reads the request's environment, where no HTTP_X_FORWARDED_FOR exists at that point: the condition always
    // holds, the chain from the front proxy is replaced by Apache's peer, and mod_proxy appends that peer once more.
    name: 'env-condition-on-request-header',
    url: 'https://llc.taejins.com/en/server-integration/ch6/mod-proxy-http',
    config: `${balancer()}\nRequestHeader set X-Forwarded-For "%{REMOTE_ADDR}s" env=!HTTP_X_FORWARDED_FOR\n${PASS}`,
    at: 'RequestHeader set X-Forwarded-For',
    twin: `${balancer()}\n${PASS}`,
    request: { path: '/x', headers: { 'X-Forwarded-For': '203.0.113.7' } },
    symptom: { header: { 'x-forwarded-for': '127.0.0.1, 127.0.0.1' } },
    fixed: { header: { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' } },
  },
  {
    // The variable is set only for kernel URLs, but the header that uses it is set for every URL under the prefix:
    // the other calls carry an Origin ending in `(null)` and the application refuses them.
    name: 'header-value-from-env-set-for-other-paths',
    url: 'https://github.com/bgruening/galaxy-ipython/blob/master/INSTALL.md',
    config: notebook('SetEnvIf Request_URI "/ipython/([0-9]+)/api/kernels/" DOCKER_PORT=$1'),
    at: 'SetEnvIf Request_URI "/ipython/([0-9]+)/api/kernels/"',
    twin: notebook('SetEnvIf Request_URI "^/ipython/([0-9]+)/" DOCKER_PORT=$1'),
    request: { method: 'POST', path: '/ipython/8888/api/contents', headers: { Origin: 'https://galaxy.example.org' } },
    symptom: { received: '/ipython/8888/api/contents', header: { origin: 'http://127.0.0.1:(null)' } },
    fixed: { header: { origin: 'http://127.0.0.1:8888' } },
  },
  {
    // SetEnv fills the environment at fixups, long after ProxyPass mapped the URL, and `${VAR}` in the host part is
    // read only at start-up: the balancer name comes out empty and every request gets 400.
    name: 'interpolated-variable-set-by-setenv',
    url: 'https://runebook.dev/ru/docs/apache_http_server/mod/mod_proxy/proxypassinterpolateenv',
    config: interpolated('SetEnv TARGET_POOL "app"'),
    at: 'SetEnv TARGET_POOL "app"',
    twin: interpolated('Define TARGET_POOL app'),
    request: { path: '/api/orders' },
    symptom: { received: null, status: 400 },
    fixed: { member: 'a', received: '/api/orders', status: 200 },
  },
];

// Settings that are not inherited, headers for client addresses, and more mapping traps.
import { balancer, RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
const UPGRADE = {
  Upgrade: 'websocket',
  Connection: 'Upgrade',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version': '13',
};
const WS_MEMBERS = '<Proxy "balancer://ws">\n    BalancerMember "ws://{a}"\n    BalancerMember "ws://{b}"\n</Proxy>';

export const MORE: readonly RequestMistake[] = [
  {
    name: 'grafana-location-without-slash',
    url: 'https://github.com/grafana/grafana/issues/10210',
    config: `${balancer('grafana')}\n<Location "/grafana">\n    ProxyPass "balancer://grafana/"\n</Location>\nProxyPassReverse "/grafana" "balancer://grafana/"`,
    at: '<Location "/grafana">',
    twin: `${balancer('grafana')}\n<Location "/grafana/">\n    ProxyPass "balancer://grafana/"\n</Location>\nProxyPassReverse "/grafana" "balancer://grafana/"`,
    request: { path: '/grafana/login' },
    symptom: { received: '//login' },
    fixed: { received: '/login' },
  },
  {
    name: 'proxypassmatch-without-backreference',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_proxy.html#proxypassmatch',
    config: `${balancer('api')}\nProxyPassMatch "^/api/(.*)$" "balancer://api/"\nProxyPassReverse "/api" "balancer://api/"`,
    at: 'ProxyPassMatch',
    twin: `${balancer('api')}\nProxyPassMatch "^/api/(.*)$" "balancer://api/$1"\nProxyPassReverse "/api" "balancer://api/"`,
    request: { path: '/api/users/7' },
    symptom: { received: '//api/users/7' },
    fixed: { received: '/users/7' },
  },

  {
    name: 'main-server-rewrite-rules-not-inherited',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_rewrite.html#rewriteoptions',
    config: `${balancer()}\nRewriteEngine On\nRewriteRule "^/old/(.*)$" "balancer://app/new/$1" [P]\nProxyPassReverse "/" "balancer://app/"\n<VirtualHost *:*>\n    RewriteEngine On\n    ${PASS.replace('\n', '\n    ')}\n</VirtualHost>`,
    at: 'RewriteRule',
    twin: `${balancer()}\nRewriteEngine On\nRewriteRule "^/old/(.*)$" "balancer://app/new/$1" [P]\nProxyPassReverse "/" "balancer://app/"\n<VirtualHost *:*>\n    RewriteEngine On\n    RewriteOptions Inherit\n    ${PASS.replace('\n', '\n    ')}\n</VirtualHost>`,
    request: { path: '/old/page' },
    symptom: { received: '/old/page' },
    fixed: { received: '/new/page' },
  },
  {
    name: 'proxyaddheaders-off-hides-client',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_proxy.html#proxyaddheaders',
    config: `${balancer()}\nProxyAddHeaders Off\n${PASS}`,
    at: 'ProxyAddHeaders Off',
    twin: `${balancer()}\n${PASS}`,
    request: { path: '/' },
    symptom: { header: { 'x-forwarded-for': null } },
    fixed: { header: { 'x-forwarded-for': '127.0.0.1' } },
  },
  {
    name: 'remoteip-header-the-front-never-sends',
    url: 'https://codingshower.com/apache-server-get-actual-client-ip-address-behind-proxy-or-load-balancer/',
    config: `${balancer()}\nRemoteIPHeader X-Real-IP\nRemoteIPInternalProxy 127.0.0.1\n<Location "/admin/">\n    Require ip 10.1.1.1\n</Location>\n${PASS}`,
    at: 'RemoteIPHeader X-Real-IP',
    twin: `${balancer()}\nRemoteIPHeader X-Forwarded-For\nRemoteIPInternalProxy 127.0.0.1\n<Location "/admin/">\n    Require ip 10.1.1.1\n</Location>\n${PASS}`,
    request: { path: '/admin/', headers: { 'X-Forwarded-For': '10.1.1.1' } },
    symptom: { received: null, status: 403 },
    fixed: { received: '/admin/', status: 200 },
  },
  {
    name: 'socketio-transport-tested-on-request-uri',
    url: 'https://openillumi.com/?p=74034',
    config: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{REQUEST_URI} transport=websocket\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\n${PASS}`,
    at: 'RewriteCond',
    twin: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{QUERY_STRING} transport=websocket\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\n${PASS}`,
    request: { path: '/socket.io/?EIO=4&transport=websocket', headers: UPGRADE },
    symptom: { header: { upgrade: null } },
    fixed: { status: 101 },
  },
  {
    name: 'error-document-as-remote-url',
    url: 'https://httpd.apache.org/docs/2.4/mod/core.html#errordocument',
    config: `<Proxy "balancer://app">\n    BalancerMember "http://127.0.0.1:1"\n</Proxy>\nErrorDocument 503 "http://127.0.0.1/maintenance.html"\n${PASS}`,
    at: 'ErrorDocument 503',
    twin: `<Proxy "balancer://app">\n    BalancerMember "http://127.0.0.1:1"\n</Proxy>\n<Directory "{dir}/errors">\n    Require all granted\n</Directory>\nAlias "/errors/" "{dir}/errors/"\nErrorDocument 503 "/errors/503.html"\nProxyPass "/errors/" "!"\n${PASS}`,
    files: { 'errors/503.html': 'down for maintenance' },
    request: { path: '/' },
    symptom: { status: 302, location: 'http://127.0.0.1/maintenance.html' },
    fixed: { status: 503 },
  },
];

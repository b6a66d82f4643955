// WebSocket and other upgrades that never reach the member.
import { balancer, RequestMistake } from './case';

const UPGRADE = {
  Upgrade: 'websocket',
  Connection: 'Upgrade',
  'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Version': '13',
};
const WS_MEMBERS = '<Proxy "balancer://ws">\n    BalancerMember "ws://{a}"\n    BalancerMember "ws://{b}"\n</Proxy>';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';

export const WEBSOCKET: readonly RequestMistake[] = [
  {
    name: 'upgrade-not-allowed-on-http-members',
    url: 'https://openillumi.com/?p=74034',
    config: `${balancer()}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'BalancerMember "http://{a}"',
    twin: '<Proxy "balancer://app">\n    BalancerMember "http://{a}" upgrade=websocket\n    BalancerMember "http://{b}" upgrade=websocket\n</Proxy>\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"',
    request: { path: '/socket.io/?EIO=4&transport=websocket', headers: UPGRADE },
    symptom: { header: { upgrade: null }, status: 200 },
    fixed: { header: { upgrade: 'websocket' }, status: 101 },
  },
  {
    name: 'websocket-proxypass-after-root',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_proxy_wstunnel.html',
    config: `${balancer()}\n${WS_MEMBERS}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"\nProxyPass "/ws/" "balancer://ws/"`,
    at: 'ProxyPass "/ws/"',
    twin: `${balancer()}\n${WS_MEMBERS}\nProxyPass "/ws/" "balancer://ws/"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/ws/chat', headers: UPGRADE },
    symptom: { received: '/ws/chat', header: { upgrade: null } },
    fixed: { received: '/chat', status: 101 },
  },
  {
    name: 'websocket-rewrite-without-proxy-flag',
    url: 'https://www.serverlab.ca/tutorials/linux/web-servers-linux/how-to-reverse-proxy-websockets-with-apache-2-4/',
    config: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [L]\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteRule',
    twin: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/chat', headers: UPGRADE },
    symptom: { received: null },
    fixed: { received: '/chat', status: 101 },
  },
  {
    name: 'websocket-condition-case-sensitive',
    url: 'https://taourl.com/read-2668430.html',
    config: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} ^websocket$\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteCond',
    twin: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/chat', headers: { ...UPGRADE, Upgrade: 'WebSocket' } },
    symptom: { header: { upgrade: null } },
    fixed: { status: 101 },
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
    name: 'connection-condition-anchored-misses-firefox',
    url: 'https://www.happyassassin.net/2018/11/23/reverse-proxying-websockets-with-apache-a-generic-approach-that-works-even-with-firefox/',
    config: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Connection} ^Upgrade$ [NC]\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\n${PASS}`,
    at: 'RewriteCond %{HTTP:Connection}',
    twin: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{HTTP:Connection} Upgrade [NC]\nRewriteCond %{HTTP:Upgrade} websocket [NC]\nRewriteRule "^/(.*)$" "balancer://ws/$1" [P,L]\n${PASS}`,
    request: { path: '/liveviewhandler/', headers: { ...UPGRADE, Connection: 'keep-alive, Upgrade' } },
    symptom: { header: { upgrade: null } },
    fixed: { status: 101 },
  },
  {
    name: 'socketio-query-in-proxypass-path',
    url: 'https://github.com/socketio/socket.io/issues/1696',
    config: `${balancer()}\n${WS_MEMBERS}\nProxyPass "/socket.io/?EIO=4&transport=websocket" "balancer://ws/socket.io/?EIO=4&transport=websocket"\nProxyPass "/socket.io/" "balancer://app/socket.io/"\nProxyPassReverse "/socket.io/" "balancer://app/socket.io/"`,
    at: 'ProxyPass "/socket.io/?EIO=4',
    twin: `${balancer()}\n${WS_MEMBERS}\nRewriteEngine On\nRewriteCond %{QUERY_STRING} transport=websocket\nRewriteRule "^/socket\\.io/(.*)$" "balancer://ws/socket.io/$1" [P,L]\nProxyPass "/socket.io/" "balancer://app/socket.io/"\nProxyPassReverse "/socket.io/" "balancer://app/socket.io/"`,
    request: { path: '/socket.io/?EIO=4&transport=websocket', headers: UPGRADE },
    symptom: { header: { upgrade: null } },
    fixed: { status: 101 },
  },
];

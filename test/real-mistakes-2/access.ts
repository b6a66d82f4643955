// Access control in front of the proxy, error pages, and client addresses behind it.
import { balancer, RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';

export const ACCESS: readonly RequestMistake[] = [
  {
    name: 'directory-guard-on-proxied-path',
    url: 'https://serverdevworker.com/17069bfb47',
    config: `${balancer()}\n<Directory "/var/www/admin">\n    Require ip 10.9.9.9\n</Directory>\n${PASS}`,
    at: '<Directory "/var/www/admin">',
    twin: `${balancer()}\n<Location "/admin/">\n    Require ip 10.9.9.9\n</Location>\n${PASS}`,
    request: { path: '/admin/users' },
    symptom: { received: '/admin/users', status: 200 },
    fixed: { received: null, status: 403 },
  },
  {
    name: 'location-guard-misses-path-variant',
    url: 'https://httpd.apache.org/docs/2.4/sections.html#file-and-web',
    config: `${balancer()}\n<Location "/admin/">\n    Require ip 10.9.9.9\n</Location>\n${PASS}`,
    at: '<Location "/admin/">',
    twin: `${balancer()}\n<Location "/admin">\n    Require ip 10.9.9.9\n</Location>\n${PASS}`,
    request: { path: '/admin' },
    symptom: { received: '/admin', status: 200 },
    fixed: { received: null, status: 403 },
  },
  {
    name: 'remoteip-without-trusted-proxy',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_remoteip.html',
    config: `${balancer()}\nRemoteIPHeader X-Forwarded-For\n<Location "/admin/">\n    Require ip 10.1.1.1\n</Location>\n${PASS}`,
    at: 'RemoteIPHeader',
    twin: `${balancer()}\nRemoteIPHeader X-Forwarded-For\nRemoteIPInternalProxy 127.0.0.1\n<Location "/admin/">\n    Require ip 10.1.1.1\n</Location>\n${PASS}`,
    request: { path: '/admin/', headers: { 'X-Forwarded-For': '10.1.1.1' } },
    symptom: { received: null, status: 403 },
    fixed: { received: '/admin/', status: 200 },
  },
  {
    name: 'proxy-section-guard-names-other-url',
    url: 'https://gist.github.com/bspavel/da5b7566a236006b638a51fa15da0be2',
    config: `${balancer()}\n<Proxy "http://localhost:8080/*">\n    Require ip 10.9.9.9\n</Proxy>\n${PASS}`,
    at: '<Proxy "http://localhost:8080/*">',
    twin: `<Proxy "balancer://app">\n    BalancerMember "http://{a}"\n    BalancerMember "http://{b}"\n    Require ip 10.9.9.9\n</Proxy>\n${PASS}`,
    request: { path: '/' },
    symptom: { received: '/', status: 200 },
    fixed: { received: null, status: 403 },
  },
  {
    name: 'error-document-proxied-to-dead-balancer',
    url: 'https://httpd.apache.org/docs/2.4/mod/core.html#errordocument',
    config: `<Proxy "balancer://app">\n    BalancerMember "http://127.0.0.1:1"\n</Proxy>\n<Directory "{dir}/errors">\n    Require all granted\n</Directory>\nAlias "/errors/" "{dir}/errors/"\nErrorDocument 503 "/errors/503.html"\n${PASS}`,
    at: 'ErrorDocument 503',
    twin: `<Proxy "balancer://app">\n    BalancerMember "http://127.0.0.1:1"\n</Proxy>\n<Directory "{dir}/errors">\n    Require all granted\n</Directory>\nAlias "/errors/" "{dir}/errors/"\nErrorDocument 503 "/errors/503.html"\nProxyPass "/errors/" "!"\n${PASS}`,
    files: { 'errors/503.html': 'down for maintenance' },
    request: { path: '/' },
    symptom: { status: 503, body: 'Additionally, a 503 Service Unavailable' },
    fixed: { status: 503, body: 'down for maintenance' },
  },
  {
    name: 'error-override-hides-api-errors',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_proxy.html#proxyerroroverride',
    config: `${balancer()}\nProxyErrorOverride On\n${PASS}`,
    at: 'ProxyErrorOverride On',
    twin: `${balancer()}\nProxyErrorOverride On 503\n${PASS}`,
    reply: { status: 404 },
    request: { path: '/api/users/7' },
    symptom: { status: 404, body: '<title>404 Not Found</title>' },
    fixed: { status: 404, body: '"requestLine"' },
  },
];

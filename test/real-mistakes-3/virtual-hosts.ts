// Virtual hosts: which host's directives a request gets, and what the main server adds to every host.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

const PASS = '    ProxyPass "/" "balancer://app/"\n    ProxyPassReverse "/" "balancer://app/"';
const HEADER = '    RequestHeader set "X-Forwarded-Proto" expr=%{REQUEST_SCHEME}';
/** `balancer://legacy` on member a, `balancer://app` on member b. */
const TWO =
  '<Proxy "balancer://legacy">\n    BalancerMember "http://{a}"\n</Proxy>\n<Proxy "balancer://app">\n    BalancerMember "http://{b}"\n</Proxy>';

/** The old site's rules, left in the main server. */
const LEGACY = 'ProxyPass "/" "balancer://legacy/"\nProxyPassReverse "/" "balancer://legacy/"';
/** The application's rules, in a virtual host. */
const APP = '    ProxyPass "/app/" "balancer://app/"\n    ProxyPassReverse "/app" "balancer://app/"';

export const VIRTUAL_HOSTS: readonly RequestMistake[] = [
  {
    // The header is set in a catch-all host, the proxying in a host for the port; a request is served by one host
    // only, the one for its port, so the header line never runs for proxied requests.
    name: 'requestheader-in-catch-all-virtual-host',
    url: 'https://github.com/dotnet/AspNetCore.Docs/issues/21740',
    config: `${balancer()}\n<VirtualHost *:*>\n${HEADER}\n</VirtualHost>\n<VirtualHost *:{front.port}>\n${PASS}\n</VirtualHost>`,
    at: '<VirtualHost *:*>',
    twin: `${balancer()}\n<VirtualHost *:{front.port}>\n${HEADER}\n${PASS}\n</VirtualHost>`,
    request: { path: '/' },
    symptom: { header: { 'x-forwarded-proto': null } },
    fixed: { header: { 'x-forwarded-proto': 'http' } },
  },
  {
    // A ProxyPass left in the main server is added to every virtual host ahead of the host's own, so its `/` takes
    // the host's `/app/` too and the host's line is never used; ProxyPassInherit Off, the guide's advice, does not
    // change that on 2.4.71 (checked): the fix is to give the main server's line a host of its own.
    name: 'main-server-proxypass-shadows-vhost',
    url: 'https://runebook.dev/en/docs/apache_http_server/mod/mod_proxy/proxypassinherit',
    config: `${TWO}\n${LEGACY}\n<VirtualHost *:*>\n${APP}\n</VirtualHost>`,
    at: 'ProxyPass "/app/" "balancer://app/"',
    twin: `${TWO}\n<VirtualHost *:*>\n    ServerName legacy.example\n    ${LEGACY.replace('\n', '\n    ')}\n</VirtualHost>\n<VirtualHost *:*>\n    ServerName 127.0.0.1\n${APP}\n</VirtualHost>`,
    request: { path: '/app/x' },
    symptom: { member: 'a', received: '/app/x' },
    fixed: { member: 'b', received: '/x' },
  },
];

// mod_rewrite in front of a balancer: the substitution's path and query, and a condition that always holds.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
/** The wiki's plain-HTTP rule beside its WebSocket one; `target` is its substitution. */
const cockpit = (target: string): string =>
  `${balancer()}\nRewriteEngine On\nRewriteCond %{HTTP:Upgrade} !=websocket [NC]\nRewriteRule "/(.*)" "${target}" [P,L]\nProxyPassReverse "/" "balancer://app/"`;
/** Redirect to https when the TLS front says the request was not https. */
const BY_FORWARDED_PROTO = 'RewriteCond %{HTTP:X-Forwarded-Proto} !https\nRewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]';

export const REWRITE: readonly RequestMistake[] = [
  {
    // A RewriteRule substitution is taken as written: without the back-reference every path goes to the site root.
    name: 'rewrite-proxy-target-without-backreference',
    url: 'https://github.com/cockpit-project/cockpit/issues/9543',
    config: cockpit('balancer://app'),
    at: 'RewriteRule "/(.*)" "balancer://app" [P,L]',
    twin: cockpit('balancer://app/$1'),
    request: { path: '/cockpit/login?x=1' },
    symptom: { received: '/?x=1' },
    fixed: { received: '/cockpit/login?x=1' },
  },
  {
    // Behind a TLS-terminating balancer Apache itself only ever accepts plain HTTP, so a test on its own scheme always
    // redirects, even requests the front marked https: an endless redirect loop.
    name: 'request-scheme-redirect-behind-tls-proxy',
    url: 'https://taourl.com/read-2950634.html',
    config: `${balancer()}\nRewriteEngine On\n${BY_FORWARDED_PROTO}\nRewriteCond %{REQUEST_SCHEME} !https\nRewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]\n${PASS}`,
    at: 'RewriteCond %{REQUEST_SCHEME} !https',
    twin: `${balancer()}\nRewriteEngine On\n${BY_FORWARDED_PROTO}\n${PASS}`,
    request: { path: '/account', headers: { 'X-Forwarded-Proto': 'https' } },
    symptom: { received: null, status: 301, location: 'https://{front}/account' },
    fixed: { member: 'a', received: '/account', status: 200 },
  },
  {
    // The substitution already carries the client's query and [QSA] appends it again: every parameter arrives twice.
    name: 'rewrite-query-appended-twice',
    url: 'https://www.php.org/result/what-are-potential-pitfalls-when-using-e32091',
    config: `${balancer()}\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1?%{QUERY_STRING}&additional_param=value" [P,QSA]\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteRule "^/(.*)$"',
    twin: `${balancer()}\nRewriteEngine On\nRewriteRule "^/(.*)$" "balancer://app/$1?additional_param=value" [P,QSA]\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/search?q=apache' },
    symptom: { received: '/search?q=apache&additional_param=value&q=apache' },
    fixed: { received: '/search?additional_param=value&q=apache' },
  },
];

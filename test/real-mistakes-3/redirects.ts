// Redirects and cookies on the way back: what ProxyPassReverse, its cookie sibling and `Header edit` rewrite.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

/** The README's /api location; `edit` is its Set-Cookie fix. */
const api = (edit: string): string =>
  `${balancer()}\n<Location "/api">\n    ProxyPass "balancer://app/api"\n    ProxyPassReverse "balancer://app/api"\n` +
  `    ProxyPassReverseCookiePath "/" "/api"\n    ${edit}\n</Location>`;

export const REDIRECTS: readonly RequestMistake[] = [
  {
    // `Header always` works on the table Apache's own errors fill; a proxied answer's headers are in the other one,
    // so the edit meant to add Path and Secure to the application's cookie never happens.
    name: 'header-always-edit-misses-proxied-cookie',
    url: 'https://github.com/solvrtech/logbook-lite/blob/f70efa75c0b552fe306750471c8ca28aea6a5bb4/README.md',
    config: api('Header always edit Set-Cookie "(.*)" "$1; Path=/; Secure"'),
    at: 'Header always edit Set-Cookie',
    twin: api('Header edit Set-Cookie "(.*)" "$1; Path=/; Secure"'),
    reply: { setCookie: 'PHPSESSID=abc; path=/; HttpOnly' },
    request: { path: '/api/login' },
    symptom: { setCookie: 'PHPSESSID=abc; path=/api; HttpOnly' },
    fixed: { setCookie: 'PHPSESSID=abc; path=/api; HttpOnly; Path=/; Secure' },
  },
  {
    // Inside <Location> the one argument of ProxyPassReverse is the backend URL, not the local path; `/` matches the
    // path of the member's redirect and glues the location's prefix in front of it once more.
    name: 'reverse-in-location-names-front-path',
    url: 'https://github.com/puppetlabs/puppetlabs-apache/issues/511',
    config: `${balancer()}\nProxyPass "/foo" "balancer://app/foo"\n<Location "/foo/">\n    ProxyPassReverse "/"\n</Location>`,
    at: 'ProxyPassReverse "/"',
    twin: `${balancer()}\nProxyPass "/foo" "balancer://app/foo"\n<Location "/foo/">\n    ProxyPassReverse "balancer://app/foo/"\n</Location>`,
    reply: { status: 302, location: 'http://{self}/foo/login' },
    request: { path: '/foo/bar' },
    symptom: { location: 'http://{front}/foo/foo/login' },
    fixed: { location: 'http://{front}/foo/login' },
  },
  {
    // The member URL ends in a slash and the local path does not: the slash is swapped away with the URL and the
    // prefix runs into the redirect's path.
    name: 'reverse-member-slash-glues-prefix',
    url: 'https://runebook.dev/en/docs/apache_http_server/mod/mod_proxy/proxypassreverse',
    config: `${balancer()}\nProxyPass "/app/" "balancer://app/"\nProxyPassReverse "/app" "http://{a}/"\nProxyPassReverse "/app" "http://{b}/"`,
    at: 'ProxyPassReverse "/app" "http://{a}/"',
    twin: `${balancer()}\nProxyPass "/app/" "balancer://app/"\nProxyPassReverse "/app/" "http://{a}/"\nProxyPassReverse "/app/" "http://{b}/"`,
    reply: { status: 302, location: 'http://{self}/login/success' },
    request: { path: '/app/x' },
    symptom: { location: 'http://{front}/applogin/success' },
    fixed: { location: 'http://{front}/app/login/success' },
  },
  {
    // The cookie path is compared as a plain prefix, never as a regular expression: no Path starts with `^(`, so the
    // backend's context path reaches the browser.
    name: 'cookie-path-written-as-regex',
    url: 'https://runebook.dev/en/articles/apache_http_server/mod/mod_proxy/proxypassreversecookiepath',
    config: `${balancer()}\nProxyPass "/" "balancer://app/backend/"\nProxyPassReverse "/" "balancer://app/backend/"\nProxyPassReverseCookiePath "^(/backend/)(.*)" "/$2"`,
    at: 'ProxyPassReverseCookiePath',
    twin: `${balancer()}\nProxyPass "/" "balancer://app/backend/"\nProxyPassReverse "/" "balancer://app/backend/"\nProxyPassReverseCookiePath "/backend/" "/"`,
    reply: { setCookie: 'JSESSIONID=1; Path=/backend/' },
    request: { path: '/' },
    symptom: { setCookie: 'JSESSIONID=1; Path=/backend/' },
    fixed: { setCookie: 'JSESSIONID=1; Path=/' },
  },
  {
    // Once the application knows it is behind TLS it redirects to https URLs of its own address, which no http://
    // member name matches, so the internal address leaks to the client.
    name: 'https-location-from-backend-not-reversed',
    url: 'https://serverdevworker.com/44551aa32',
    config: `${balancer()}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'ProxyPassReverse "/" "balancer://app/"',
    twin: `${balancer()}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"\nProxyPassReverse "/" "https://{a}/"\nProxyPassReverse "/" "https://{b}/"`,
    reply: { status: 302, location: 'https://{self}/login' },
    request: { path: '/account' },
    symptom: { location: 'https://{a}/login' },
    fixed: { location: 'http://{front}/login' },
  },
  {
    // ProxyPassReverse names the public host instead of the URL the backend writes into its redirects, so nothing it
    // sends is rewritten.
    name: 'reverse-names-public-host-not-backend',
    url: 'https://a.osmarks.net/content/serverfault.com_en_all_2022-11/questions/227522/do-proxypass-directives-need-a-proxypassreverse-directive',
    config: `${balancer()}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "http://www.example.com/"`,
    at: 'ProxyPassReverse "/" "http://www.example.com/"',
    twin: `${balancer()}\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    reply: { status: 302, location: 'http://{self}/bar' },
    request: { path: '/foo' },
    symptom: { location: 'http://{a}/bar' },
    fixed: { location: 'http://{front}/bar' },
  },
];

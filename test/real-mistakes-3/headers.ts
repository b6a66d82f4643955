// Request headers the proxy adds, edits or forgets: X-Forwarded-*, Origin, Destination, a prefix header.
import { balancer, RequestMistake } from '../real-mistakes-2/case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';

export const HEADERS: readonly RequestMistake[] = [
  {
    // An `s` was appended so that the line parses on an old Apache; with expr= it is literal text after the scheme.
    name: 'forwarded-proto-expr-with-trailing-s',
    url: 'https://github.com/dotnet/AspNetCore.Docs/issues/32150',
    config: `${balancer()}\nRequestHeader set "X-Forwarded-Proto" expr=%{REQUEST_SCHEME}s\n${PASS}`,
    at: 'RequestHeader set "X-Forwarded-Proto"',
    twin: `${balancer()}\nRequestHeader set "X-Forwarded-Proto" expr=%{REQUEST_SCHEME}\n${PASS}`,
    request: { path: '/' },
    symptom: { header: { 'x-forwarded-proto': 'https' } },
    fixed: { header: { 'x-forwarded-proto': 'http' } },
  },
  {
    // TLS ends at Apache, but a WebDAV MOVE names its target by an absolute https URL in a request header that
    // ProxyPassReverse never touches: the plain-http application refuses a move across schemes.
    name: 'webdav-destination-keeps-public-scheme',
    url: 'https://github.com/tracim/tracim/issues/1765',
    config: `${balancer()}\nProxyPreserveHost On\nRequestHeader set X-Forwarded-Proto "https"\n${PASS}`,
    at: 'ProxyPass "/"',
    twin: `${balancer()}\nProxyPreserveHost On\nRequestHeader set X-Forwarded-Proto "https"\nRequestHeader edit Destination ^https http early\n${PASS}`,
    request: { method: 'MOVE', path: '/dav/a.txt', headers: { Destination: 'https://cloud.example.org/dav/b.txt' } },
    symptom: { header: { destination: 'https://cloud.example.org/dav/b.txt' } },
    fixed: { header: { destination: 'http://cloud.example.org/dav/b.txt' } },
  },
  {
    // A snippet that rewrites Origin to the backend's address, copied next to ProxyPreserveHost On: the application
    // sees the public Host with a foreign Origin and refuses the WebSocket as cross-origin.
    name: 'origin-rewritten-while-host-preserved',
    url: 'https://github.com/jupyterhub/jupyterhub/issues/1411',
    config: `${balancer()}\nProxyPreserveHost On\nRequestHeader edit Origin "analytics.example.edu" "localhost:8000"\n${PASS}`,
    at: 'RequestHeader edit Origin',
    twin: `${balancer()}\nProxyPreserveHost On\n${PASS}`,
    request: { path: '/user/x/api/kernels/1/channels', headers: { Origin: 'https://analytics.example.edu' } },
    symptom: { header: { origin: 'https://localhost:8000', host: '{front}' } },
    fixed: { header: { origin: 'https://analytics.example.edu' } },
  },
  {
    // At the site root the prefix header is `/`, which Radicale 3.1.2 and later refuse (a prefix must not end in
    // a slash): every request gets 400. At the root no prefix header is wanted at all.
    name: 'script-name-slash-at-site-root',
    url: 'https://github.com/Kozea/Radicale/issues/1210',
    config:
      '<Proxy "balancer://app">\n    BalancerMember "http://{a}" retry=0\n    BalancerMember "http://{b}" retry=0\n</Proxy>\n' +
      '<Location "/">\n    ProxyPass "balancer://app/"\n    ProxyPassReverse "balancer://app/"\n    RequestHeader set X-Script-Name /\n</Location>',
    at: 'RequestHeader set X-Script-Name /',
    twin:
      '<Proxy "balancer://app">\n    BalancerMember "http://{a}" retry=0\n    BalancerMember "http://{b}" retry=0\n</Proxy>\n' +
      '<Location "/">\n    ProxyPass "balancer://app/"\n    ProxyPassReverse "balancer://app/"\n</Location>',
    request: { path: '/.web/' },
    symptom: { header: { 'x-script-name': '/' } },
    fixed: { header: { 'x-script-name': null } },
  },
  {
    // mod_proxy adds X-Forwarded-Host itself and appends to one already there, so setting it by hand sends the host
    // twice, comma-joined. (The tutorial's request carries a public Host; the suite's carries Apache's own address.)
    name: 'forwarded-host-set-by-hand-doubled',
    url: 'https://llc.taejins.com/en/server-integration/ch6/mod-proxy-http',
    config: `${balancer()}\nRequestHeader set X-Forwarded-Proto "https"\nRequestHeader set X-Forwarded-Host "%{HTTP_HOST}s"\n${PASS}`,
    at: 'RequestHeader set X-Forwarded-Host',
    twin: `${balancer()}\nRequestHeader set X-Forwarded-Proto "https"\n${PASS}`,
    request: { path: '/x' },
    symptom: { header: { 'x-forwarded-host': '{front}, {front}' } },
    fixed: { header: { 'x-forwarded-host': '{front}' } },
  },
];

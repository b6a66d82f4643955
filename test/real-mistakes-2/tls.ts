// TLS to members: the certificate a member shows, and what Apache checks of it.
import { RequestMistake } from './case';

const PASS = 'ProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"';
const members = (a: string, b: string): string =>
  `<Proxy "balancer://app">\n    BalancerMember "https://${a}"\n    BalancerMember "https://${b}"\n</Proxy>`;
const BY_IP = members('{a}', '{b}');
const BY_NAME = members('localhost:{a.port}', 'localhost:{b.port}');

export const TLS: readonly RequestMistake[] = [
  {
    name: 'tls-member-named-by-address',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_ssl.html#sslproxycheckpeername',
    tls: true,
    config: `SSLProxyEngine On\n${BY_IP}\n${PASS}`,
    at: 'BalancerMember "https://{a}"',
    twin: `SSLProxyEngine On\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
  {
    name: 'tls-verify-require-without-ca',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_ssl.html#sslproxyverify',
    tls: true,
    config: `SSLProxyEngine On\nSSLProxyVerify require\n${BY_NAME}\n${PASS}`,
    at: 'SSLProxyVerify require',
    twin: `SSLProxyEngine On\nSSLProxyVerify require\nSSLProxyCACertificateFile "{cert}"\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
  {
    name: 'tls-engine-in-other-virtual-host',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_ssl.html#sslproxyengine',
    tls: true,
    config: `${BY_NAME}\n<VirtualHost 127.0.0.2:443>\n    SSLProxyEngine On\n</VirtualHost>\n${PASS}`,
    at: 'SSLProxyEngine On',
    twin: `SSLProxyEngine On\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
  {
    name: 'https-member-without-sslproxyengine',
    url: 'http://www.kouhan.cn/en/article/00031932',
    tls: true,
    config: `${BY_NAME}\n${PASS}`,
    at: 'BalancerMember "https://localhost:{a.port}"',
    twin: `SSLProxyEngine On\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
  {
    name: 'http-scheme-to-tls-port',
    url: 'https://github.com/bitwarden/server/issues/768',
    tls: true,
    config: `${members('localhost:{a.port}', 'localhost:{b.port}').replaceAll('https://', 'http://')}\n${PASS}`,
    at: 'BalancerMember "http://localhost:{a.port}"',
    twin: `SSLProxyEngine On\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 502 },
    fixed: { status: 200 },
  },
  {
    name: 'https-scheme-to-plain-port',
    url: 'https://github.com/drewzboto/grunt-connect-proxy/issues/4',
    config: `SSLProxyEngine On\n${BY_IP}\n${PASS}`,
    at: 'BalancerMember "https://{a}"',
    twin: `SSLProxyEngine On\n${members('{a}', '{b}').replaceAll('https://', 'http://')}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
  {
    name: 'sslproxyprotocol-pinned-to-tlsv1',
    url: 'https://runebook.dev/en/articles/apache_http_server/mod/mod_ssl/sslproxyprotocol',
    tls: true,
    config: `SSLProxyEngine On\nSSLProxyProtocol TLSv1\n${BY_NAME}\n${PASS}`,
    at: 'SSLProxyProtocol TLSv1',
    twin: `SSLProxyEngine On\nSSLProxyProtocol all -SSLv3 -TLSv1 -TLSv1.1\n${BY_NAME}\n${PASS}`,
    request: { path: '/' },
    symptom: { received: null, status: 500 },
    fixed: { status: 200 },
  },
];

// Local paths, handlers and ACME challenges beside a proxied tree.
import { balancer, RequestMistake } from './case';

const ACME_FILES = { 'acme/.well-known/acme-challenge/token1': 'local-token' };
const ACME_DIR = '<Directory "{dir}/acme">\n    Require all granted\n</Directory>';

export const LOCAL_PATHS: readonly RequestMistake[] = [
  {
    name: 'acme-challenge-proxied',
    url: 'https://blog.tinned-software.net/reverse-proxy-with-exception-for-lets-encrypt/',
    config: `${balancer()}\n${ACME_DIR}\nAlias "/.well-known/acme-challenge/" "{dir}/acme/.well-known/acme-challenge/"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'Alias',
    twin: `${balancer()}\n${ACME_DIR}\nAlias "/.well-known/acme-challenge/" "{dir}/acme/.well-known/acme-challenge/"\nProxyPass "/.well-known/acme-challenge/" "!"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    files: ACME_FILES,
    request: { path: '/.well-known/acme-challenge/token1' },
    symptom: { received: '/.well-known/acme-challenge/token1' },
    fixed: { received: null, status: 200, body: 'local-token' },
  },
  {
    name: 'acme-rewrite-without-last-flag',
    url: 'https://helptux.be/blog/2018-01-06-mod_rewrite-letsencrypt/',
    config: `${balancer()}\n${ACME_DIR}\nRewriteEngine On\nRewriteRule "^/\\.well-known/acme-challenge/(.*)$" "{dir}/acme/.well-known/acme-challenge/$1"\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]\nProxyPassReverse "/" "balancer://app/"`,
    at: 'RewriteRule "^/\\.well-known',
    twin: `${balancer()}\n${ACME_DIR}\nRewriteEngine On\nRewriteRule "^/\\.well-known/acme-challenge/(.*)$" "{dir}/acme/.well-known/acme-challenge/$1" [L]\nRewriteRule "^/(.*)$" "balancer://app/$1" [P]\nProxyPassReverse "/" "balancer://app/"`,
    files: ACME_FILES,
    request: { path: '/.well-known/acme-challenge/token1' },
    symptom: { received: '{dir}/acme/.well-known/acme-challenge/token1' },
    fixed: { received: null, status: 200, body: 'local-token' },
  },
  {
    name: 'alias-for-static-files-shadowed',
    url: 'https://httpd.apache.org/docs/2.4/mod/mod_proxy.html#proxypass',
    config: `${balancer()}\n<Directory "{dir}/static">\n    Require all granted\n</Directory>\nAlias "/static/" "{dir}/static/"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'Alias',
    twin: `${balancer()}\n<Directory "{dir}/static">\n    Require all granted\n</Directory>\nAlias "/static/" "{dir}/static/"\nProxyPass "/static/" "!"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    files: { 'static/site.css': 'body{}' },
    request: { path: '/static/site.css' },
    symptom: { received: '/static/site.css' },
    fixed: { received: null, status: 200, body: 'body{}' },
  },
  {
    name: 'redirect-beside-proxypass-never-runs',
    url: 'https://pastebin.com/PhmzjSLV',
    config: `${balancer()}\nRedirect permanent "/login-old" "http://127.0.0.1/login"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    at: 'Redirect permanent',
    twin: `${balancer()}\nRedirect permanent "/login-old" "http://127.0.0.1/login"\nProxyPass "/login-old" "!"\nProxyPass "/" "balancer://app/"\nProxyPassReverse "/" "balancer://app/"`,
    request: { path: '/login-old' },
    symptom: { received: '/login-old' },
    fixed: { received: null, status: 301, location: 'http://127.0.0.1/login' },
  },
];

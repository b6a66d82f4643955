// The lines of mod_proxy's one-value and cookie directives whose verdicts test/apache/proxy-arguments.test.ts
// checks against `apache2 -t` on every run, with the linter reading the same file
// (server/src/core/rules/directive-values.ts). Recorded from Apache/2.4.71 (Debian).
import type { ArgumentLines } from './argument-lines';

export const LINES: ArgumentLines = [
  // how many words (config.c invoke_cmd), with the command's usage text
  ['ProxyVia', 'ProxyVia takes one argument, Configure Via: proxy header header to one of: on | off | block | full'],
  ['ProxyVia On Full', 'ProxyVia takes one argument, Configure Via: proxy header header to one of: on | off | block | full'],
  [
    'ProxyTimeout ""',
    'ProxyTimeout takes one argument, Set the timeout (in seconds) for a proxied connection. This overrides the server timeout',
  ],
  [
    'ProxyTimeout 60 s',
    'ProxyTimeout takes one argument, Set the timeout (in seconds) for a proxied connection. This overrides the server timeout',
  ],
  ['ProxyPassReverseCookiePath /a', 'ProxyPassReverseCookiePath takes two or three arguments, Path rewrite rule for proxying cookies'],
  [
    'ProxyPassReverseCookiePath /a /b interpolate extra',
    'ProxyPassReverseCookiePath takes two or three arguments, Path rewrite rule for proxying cookies',
  ],
  ['ProxyPassReverseCookiePath /a /b', undefined],
  ['ProxyPassReverseCookiePath /a /b interpolate', undefined],
  ['ProxyPassReverseCookieDomain a', 'ProxyPassReverseCookieDomain takes two or three arguments, Domain rewrite rule for proxying cookies'],
  ['ProxyPassReverseCookieDomain internal.example public.example', undefined],
  [
    'ProxyErrorOverride',
    "ProxyErrorOverride requires at least one argument, use our error handling pages instead of the servers' we are proxying",
  ],
  ['BalancerGrowth 3 4', 'BalancerGrowth takes one argument, Number of additional Balancers that can be added post-config'],
  // the values
  ['ProxyVia sometimes', 'ProxyVia must be one of: off | on | full | block'],
  ['ProxyVia BLOCK', undefined],
  ['ProxyStatus maybe', 'ProxyStatus must be one of: off | on | full'],
  ['ProxyStatus full', undefined],
  ['ProxyBadHeader Maybe', 'ProxyBadHeader must be one of: IsError | Ignore | StartBody'],
  ['ProxyBadHeader startbody', undefined],
  ['ProxyTimeout abc', 'Proxy Timeout must be at least 1 second.'],
  ['ProxyTimeout -5', 'Proxy Timeout must be at least 1 second.'],
  ['ProxyTimeout 0', 'Proxy Timeout must be at least 1 second.'],
  ['ProxyTimeout 5s', undefined],
  ['ProxyTimeout 300', undefined],
  ['ProxyReceiveBufferSize 100', 'ProxyReceiveBufferSize must be >= 512 bytes, or 0 for system default.'],
  ['ProxyReceiveBufferSize 0', undefined],
  ['ProxyReceiveBufferSize abc', undefined],
  ['ProxyIOBufferSize 511', 'ProxyIOBufferSize must be >= 512 bytes, or 0 for system default.'],
  ['ProxyIOBufferSize 65536', undefined],
  ['ProxyErrorOverride yes', 'ProxyErrorOverride first parameter must be one of: off | on'],
  ['ProxyErrorOverride On 502 503', undefined],
  ['ProxyErrorOverride On 200', 'ProxyErrorOverride: status codes to intercept must be valid HTTP Status Codes >=400 && <600'],
  ['ProxyErrorOverride On x502', 'ProxyErrorOverride: status codes to intercept must be numeric'],
  ['ProxyErrorOverride Off 502', "ProxyErrorOverride: status codes must follow a value of 'on'"],
  ['ProxyErrorOverride Off On 404', undefined],
];

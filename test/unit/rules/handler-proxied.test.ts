import { ruleTable } from '../../support/rules';

// Checked against Apache/2.4.71 (Debian) in test/apache/handler-proxied.test.ts: a covering
// ProxyPass sends the handler's path to a member; `ProxyPass PATH !` first, or `ProxyPass !` in the
// handler's <Location>, keeps it on Apache (proxy_trans: a `!` declines and stops the search).

const BM = '<Location /balancer-manager>\n    SetHandler [[balancer-manager]]\n    Require local\n</Location>';
const bm = BM.replace('[[balancer-manager]]', 'balancer-manager');

ruleTable('handler-proxied', [
  [
    `ProxyPass / balancer://app/\n${BM}`,
    {
      says: ['"ProxyPass /" proxies /balancer-manager to a backend', 'add "ProxyPass /balancer-manager !" before it'],
      fixed: `ProxyPass /balancer-manager !\nProxyPass / balancer://app/\n${bm}`,
      safe: false,
    },
  ],
  // the exclusion after the catch-all: the first match wins
  [`ProxyPass / balancer://app/\nProxyPass /balancer-manager !\n${BM}`],
  [
    `<Location /status>\n    SetHandler [[server-status]]\n</Location>\n    ProxyPass / http://10.0.0.1/`,
    {
      says: ['"ProxyPass /" proxies /status'],
      fixed: `<Location /status>\n    SetHandler server-status\n</Location>\n    ProxyPass /status !\n    ProxyPass / http://10.0.0.1/`,
    },
  ],
  [`ProxyPass /server balancer://app/\n<Location /server/info>\n    SetHandler [[server-info]]\n</Location>`],
  [`ProxyPassMatch ^/(.*)$ balancer://app/$1\n${BM}`, { says: ['"ProxyPass ^/(.*)$"'] }],
  [`ProxyPassMatch ^/(ba|xy)+l[a-z-]*r$ balancer://app/\n${BM}`, { says: ['"ProxyPass ^/(ba|xy)+l[a-z-]*r$"'] }],
  // a <Location /> ProxyPass comes before the server's list: the fix goes in the handler's section
  [
    `<Location />\n    ProxyPass balancer://app/\n</Location>\n<Location /balancer-manager>\n    SetHandler [[balancer-manager]]\n</Location>`,
    {
      says: ['the ProxyPass in <Location /> proxies', '"ProxyPass !" inside this <Location>'],
      fixed: `<Location />\n    ProxyPass balancer://app/\n</Location>\n<Location /balancer-manager>\n    SetHandler balancer-manager\n    ProxyPass !\n</Location>`,
    },
  ],
  // the main server's list comes first in every virtual host
  [`ProxyPass / balancer://app/\n<VirtualHost *:80>\n    ${BM.replace(/\n/g, '\n    ')}\n</VirtualHost>`],
  [`<VirtualHost *:80>\n    ProxyPass / balancer://app/\n    ${BM.replace(/\n/g, '\n    ')}\n</VirtualHost>`],
  // near misses
  [`ProxyPass /balancer-manager !\nProxyPass / balancer://app/\n${bm}`],
  [`ProxyPass /app/ balancer://app/\n${bm}`],
  [`ProxyPass /balancer balancer://app/\n${bm}`], // prefix match stops at a segment: /balancer does not take /balancer-manager
  [`ProxyPass / balancer://app/\n<Location /balancer-manager>\n    SetHandler balancer-manager\n    ProxyPass !\n</Location>`],
  [
    `<Location />\n    ProxyPass balancer://app/\n</Location>\n<Location /balancer-manager>\n    SetHandler balancer-manager\n    ProxyPass !\n</Location>`,
  ],
  [`<VirtualHost *:81>\n    ProxyPass / balancer://app/\n</VirtualHost>\n${bm}`], // another server's list
  [`ProxyPassMatch ^/app/(.*)$ balancer://app/$1\n${bm}`],
  [`ProxyPassMatch ^/(b)\\1? balancer://app/\nProxyPass / balancer://app/\n${bm}`], // a back reference is too costly to evaluate: the line cannot be judged, nor what follows
  [`ProxyPassMatch ^/(a+)+$ balancer://app/\n<Location /${'a'.repeat(40)}!>\n    SetHandler balancer-manager\n</Location>`], // evaluated in bounded steps: no match
  [`ProxyPass / balancer://app/\n<LocationMatch ^/balancer-manager>\n    SetHandler balancer-manager\n</LocationMatch>`], // regex sections are not judged
  [`ProxyPass / balancer://app/\n<Location /files>\n    SetHandler default-handler\n</Location>`],
]);

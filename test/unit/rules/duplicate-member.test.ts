import { ruleTable } from '../../support/rules';

// ap_proxy_define_worker_ex names a member with its default port dropped, while
// ap_proxy_get_worker_ex compares a new line's URL as written (docs/apache-semantics.md,
// ap_proxy_get_worker_ex): `http://h` then `http://h:80` are two members, and Apache/2.4.71 gives
// the host a double share (test/apache/issue19-sticky-duplicate-location.test.ts).
const proxy = (...members: string[]): string =>
  `<Proxy balancer://c>\n${members.map((member) => `    BalancerMember ${member}\n`).join('')}</Proxy>`;

ruleTable('duplicate-member', [
  [
    proxy('http://h', '[[http://h:80]]', 'http://g'),
    {
      says: ['"http://h:80" repeats the member "http://h"', 'default port', 'double share', 'remove it'],
      fixed: proxy('http://h', 'http://g'),
      safe: false,
    },
  ],
  [proxy('https://h:443', '[[https://h:443]]'), { says: ['"https://h:443" repeats the member "https://h:443"'] }],
  [proxy('http://h', '[[http://h:80/]] loadfactor=2'), { says: ['"http://h:80/" repeats the member "http://h"'] }],
  [proxy('"http://H"', '[["http://h:80"]]'), { says: ['repeats the member "http://H"'] }],
  [proxy('ws://h', '[[ws://h:80]]'), { says: ['double share'] }],
  [proxy('http://h', '[[http://h:80]]', '[[http://h:80]]'), { says: ['repeats the member "http://h"'] }],
  // near misses
  [proxy('http://h:80', 'http://h')], // written without the port later: Apache shares the worker (shared-member)
  [proxy('http://h:8080', 'http://h')],
  [proxy('http://h:80/a', 'http://h/b')],
  [proxy('http://h', 'https://h:443')],
  ['<Proxy balancer://a>\n    BalancerMember http://h\n</Proxy>\n<Proxy balancer://b>\n    BalancerMember http://h:80\n</Proxy>'],
]);

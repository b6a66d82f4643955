import { ruleTable } from '../../support/rules';

// find_session_route (mod_proxy_balancer.c) reads the cookie named before `|` with a case-sensitive
// strstr and takes the route after the first stickysessionsep: checked on Apache/2.4.71 in
// test/apache/issue19-sticky-duplicate-location.test.ts (PHPSESSID=abc123.b is not sticky, JSESSIONID with
// stickysession=jsessionid is not sticky, JSESSIONID|jsessionid sticks).
const members = '    BalancerMember http://10.0.0.1 route=a\n    BalancerMember http://10.0.0.2 route=b\n';
const proxy = (set: string): string => `<Proxy balancer://c>\n${members}    ProxySet ${set}\n</Proxy>`;
const header = 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n';

ruleTable('sticky-never-routed', [
  [
    proxy('stickysession=[[PHPSESSID]]'),
    { says: ['"PHPSESSID" is PHP\'s session id', 'never carries ".route"', 'set a ROUTEID cookie with Header'], noFix: true },
  ],
  [proxy('stickysession=[[PHPSESSIONID]]'), { says: ['(cookie PHPSESSID)'] }],
  [proxy('stickysession=[[ASP.NET_SessionId]]'), { says: ["ASP.NET's session id"] }],
  [proxy('stickysession=[[connect.sid]]'), { says: ["Express's session id"] }],
  [proxy('stickysession=[[laravel_session|laravel_session]]'), { says: ["Laravel's session id"] }],
  [
    proxy('stickysession=[[jsessionid]]'),
    {
      says: ['cookie names are case-sensitive', '"jsessionid"', 'use JSESSIONID|jsessionid'],
      fixed: proxy('stickysession=JSESSIONID|jsessionid'),
      safe: true,
    },
  ],
  [
    `<Proxy balancer://c>\n${members}</Proxy>\nProxyPass /shop balancer://c/shop stickysession=[[jsessionid]]`,
    { fixed: `<Proxy balancer://c>\n${members}</Proxy>\nProxyPass /shop balancer://c/shop stickysession=JSESSIONID|jsessionid` },
  ],
  [proxy('[["stickysession=jsessionid"]]'), { fixed: proxy('"stickysession=JSESSIONID|jsessionid"') }],
  [
    proxy('stickysession=[[ROUTEID]]'),
    { says: ['no Header sets the cookie "ROUTEID"', 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e'] },
  ],
  [
    header + proxy('stickysession=[[ROUTE_ID]]'),
    {
      says: ['(the route goes into "ROUTEID")', 'write stickysession=ROUTEID'],
      fixed: header + proxy('stickysession=ROUTEID'),
      safe: false,
    },
  ],
  // a resolved variable is checked like any other text
  ['Define S PHPSESSID\n' + proxy('[[stickysession=${S}]]'), { says: ['"PHPSESSID"'] }],
  // near misses
  [proxy('stickysession=JSESSIONID')],
  ['Define ROUTE_ID_VARIABLE x\n' + proxy('stickysession=${UNSET}')],
  [proxy('stickysession=JSESSIONID|jsessionid')],
  [header + proxy('stickysession=ROUTEID')],
  [proxy('stickysession=BALANCEID')], // an application may set its own route cookie
  ['Header edit Set-Cookie "^(PHPSESSID=[^;]*)" "$1.%{BALANCER_WORKER_ROUTE}e"\n' + proxy('stickysession=PHPSESSID')],
  // no routes at all: sticky-without-route says so
  ['<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n    ProxySet stickysession=PHPSESSID\n</Proxy>'],
]);

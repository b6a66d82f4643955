import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('sticky-cookie-separator', [
  [
    'Header add Set-Cookie "ROUTEID=[[%{BALANCER_WORKER_ROUTE}e]]; path=/" env=BALANCER_ROUTE_CHANGED',
    {
      says: ['no "." before the route', 'never stick', 'write "ROUTEID=.%{BALANCER_WORKER_ROUTE}e"'],
      fixed: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED',
      safe: true,
    },
  ],
  ['Header always set Set-Cookie ROUTEID=[[%{BALANCER_WORKER_ROUTE}e]]'],
  [
    '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=~\n</Proxy>\nHeader add Set-Cookie "ROUTEID=.[[%{BALANCER_WORKER_ROUTE}e]]"',
    {
      says: ['no "~" before the route'],
      fixed:
        '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=~\n</Proxy>\nHeader add Set-Cookie "ROUTEID=.~%{BALANCER_WORKER_ROUTE}e"',
    },
  ],
  // near misses
  ['Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED'],
  ['Header add Set-Cookie "ROUTEID=n.%{BALANCER_WORKER_ROUTE}e; path=/"'],
  [
    '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1 route=a\n    ProxySet stickysession=ROUTEID stickysessionsep=Off\n</Proxy>\nHeader add Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e"',
  ],
  ['Header add X-Route "%{BALANCER_WORKER_ROUTE}e"'],
  ['RequestHeader set Set-Cookie "ROUTEID=%{BALANCER_WORKER_ROUTE}e"'],
]);

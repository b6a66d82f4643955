import { ruleTable } from '../../support/rules';

// Header set Set-Cookie replaces the member's own cookies: the login response loses its session cookie
// (test/real-mistakes-2, route-cookie-header-set-replaces-session, reproduced on Apache 2.4.71 by
// test/apache/request-mistakes.test.ts).
ruleTable('set-cookie-replaced', [
  [
    'Header [[set]] Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED',
    {
      says: ["this replaces every Set-Cookie of the response, the application's session cookie too: use Header add"],
      fixed: 'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED',
      safe: true,
    },
  ],
  [
    '<Location "/">\n    Header always [[SET]] set-cookie "a=1"\n</Location>',
    { fixed: '<Location "/">\n    Header always add set-cookie "a=1"\n</Location>' },
  ],
  // near misses: add, another header, a request header, edit
  [
    'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/"\nHeader set X-Frame-Options DENY\nRequestHeader set Cookie "a=1"\nHeader edit Set-Cookie ^(.*)$ "$1; Secure"',
  ],
]);

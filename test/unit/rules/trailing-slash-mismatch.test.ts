import * as assert from 'node:assert/strict';
import { findingsOf, ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable(
  'trailing-slash-mismatch',
  [
    [
      'ProxyPass /api/ [[balancer://backend]]',
      {
        says: ['this URL lacks the trailing slash of "/api/", so /api/orders goes to balancer://backendorders (500): add one'],
        apache: 'AH01144: No protocol handler was valid for the URL',
        fixed: 'ProxyPass /api/ balancer://backend/',
        safe: true,
      },
    ],
    ['ProxyPass / [[balancer://mycluster]] stickysession=ROUTEID', { fixed: 'ProxyPass / balancer://mycluster/ stickysession=ROUTEID' }],
    [
      'ProxyPass "/api/" [["balancer://b"]]\nProxyPassReverse "/api/" "balancer://b"\nProxyPassReverse "/other/" "balancer://b"',
      { fixed: 'ProxyPass "/api/" "balancer://b/"\nProxyPassReverse "/api/" "balancer://b/"\nProxyPassReverse "/other/" "balancer://b"' },
    ],
    [
      'ProxyPass /app [[balancer://c/]]',
      {
        says: ['this URL ends in a slash but "/app" does not', '/app/orders goes to balancer://c//orders', 'remove the slash'],
        fixed: 'ProxyPass /app balancer://c',
        safe: true,
      },
    ],
    ["ProxyPass /app [['http://10.0.0.1/app/']]", { fixed: "ProxyPass /app 'http://10.0.0.1/app'" }],
    ['ProxyPass /api/ [[http://10.0.0.1:8080]]', { says: ['http://10.0.0.1:8080orders (500)'] }],
    ['ProxyPass /api/ [[http://10.0.0.1/app]]', { says: ['http://10.0.0.1/apporders'] }],
    [
      '<Location /api/>\n    ProxyPass [[balancer://b]]\n</Location>',
      { fixed: '<Location /api/>\n    ProxyPass balancer://b/\n</Location>' },
    ],
    // near misses
    ['ProxyPass /api/ balancer://b/'],
    ['ProxyPass /api balancer://b'],
    ['ProxyPass / balancer://b/'],
    ['ProxyPass /x/ !'],
    ['ProxyPassMatch ^/api/(.*)$ balancer://b/$1'],
    ['ProxyPass /api/ ${BACKEND}'],
    ['ProxyPassReverse /api/ balancer://b'],
    ['<LocationMatch ^/api/>\n    ProxyPass balancer://b\n</LocationMatch>'],
    // a URL Apache refuses: invalid-url or invalid-balancer-name reports it, and a slash would not help
    ['ProxyPass / balanc'],
    ['ProxyPass / balancer:/x'],
  ],
  () => {
    it('points at the ProxyPassReverse with the same mismatch, which its fix changes too', () => {
      const text = 'ProxyPass "/api/" "balancer://b"\nProxyPassReverse "/api/" "balancer://b"';
      const [finding] = findingsOf('trailing-slash-mismatch', text);
      const related = (finding?.related ?? []).map((entry) => `${text.slice(entry.span.start, entry.span.end)}: ${entry.message}`);
      assert.deepEqual(related, [
        '"/api/": the path "/api/"',
        '"balancer://b": the ProxyPassReverse with the same slash mismatch, fixed with it',
      ]);
    });
  },
);

import { ruleTable } from '../../support/rules';

// Each form was checked on Apache/2.4.71 (test/apache/proxypassreverse-forms.test.ts, request-mistakes redirects).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('reverse-doubled-slash', [
  [
    `${B}ProxyPass /api/ balancer://app/\n[[ProxyPassReverse "/api/" "balancer://app/"]]`,
    {
      says: ["a member's redirect to /landed reaches the client as /api//landed", 'remove the trailing slash of "/api/"'],
      fixed: `${B}ProxyPass /api/ balancer://app/\nProxyPassReverse "/api" "balancer://app/"`,
      safe: true,
    },
  ],
  [`ProxyPass /app/ http://10.0.0.1:8080/\n[[ProxyPassReverse /app/ http://10.0.0.1:8080]]`, { says: ['/app//landed'] }],
  [
    `${B}<Location "/stats/">\n    ProxyPass "balancer://app/"\n    [[ProxyPassReverse "balancer://app/"]]\n</Location>`,
    {
      says: ['/stats//landed', 'write it outside the <Location> with "/stats"'],
      noFix: true,
    },
  ],
  // near misses
  [`${B}ProxyPass /api/ balancer://app/\nProxyPassReverse /api balancer://app/`],
  [`${B}ProxyPass / balancer://app/\nProxyPassReverse / balancer://app/`],
  [`ProxyPass /app/ http://10.0.0.1:8080/\nProxyPassReverse /app/ http://10.0.0.1:8080/`],
  [`${B}ProxyPassReverse /api/ balancer://app/`],
]);

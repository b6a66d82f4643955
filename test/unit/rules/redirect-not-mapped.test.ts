import { ruleTable } from '../../support/rules';

// Each mapping was checked on Apache/2.4.71 through members answering a redirect
// (test/apache/request-mistakes.test.ts, redirects; test/apache/proxypassreverse-forms.test.ts).
const AB = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080\n</Proxy>\n';

ruleTable('redirect-not-mapped', [
  [
    `${AB}ProxyPass / balancer://app/app/\n[[ProxyPassReverse / balancer://app/]]`,
    {
      says: ['a redirect from "http://10.0.0.1:8080/app/landed" reaches the client as "/app/landed", not "/landed"'],
    },
  ],
  [
    `${AB}ProxyPass / balancer://app/\n[[ProxyPassReverse / http://10.0.0.2:8080/]]`,
    {
      says: ['"http://10.0.0.1:8080/landed" reaches the client as "http://10.0.0.1:8080/landed"'],
    },
  ],
  // the URL's trailing slash is removed with it, and the path lacks one: checked in test/apache/proxypassreverse-forms.test.ts
  [
    'ProxyPass /a/ http://10.0.0.1:8080/\n[[ProxyPassReverse /a http://10.0.0.1:8080/]]',
    { says: ['reaches the client as "/alanded", not "/a/landed"'] },
  ],
  // a path holding a space is its own mapping, not the same as a line whose target starts after that space
  [
    'ProxyPass /a "b http://10.0.0.1:8080/"\nProxyPass "/a b" http://10.0.0.1:8080/\n[[ProxyPassReverse / http://10.0.0.1:8080/]]',
    { says: ['reaches the client as "/landed", not "/a b/landed"'] },
  ],
  // near misses: every member mapped, the same URL as the ProxyPass, no ProxyPassReverse at all (another rule's)
  [`${AB}ProxyPass / balancer://app/\nProxyPassReverse / http://10.0.0.1:8080/\nProxyPassReverse / http://10.0.0.2:8080/`],
  [`${AB}ProxyPass / balancer://app/app/\nProxyPassReverse / balancer://app/app/`],
  [`${AB}ProxyPass /shop/ balancer://app/\nProxyPassReverse /shop balancer://app/`],
  [`${AB}ProxyPass / balancer://app/`],
  ['ProxyPass /a/ http://10.0.0.1:8080/\nProxyPassReverse /a/ http://10.0.0.1:8080/'],
  [`${AB}ProxyPass /a/ balancer://app/app/\nProxyPassReverse /a/ balancer://app/app/`],
]);

import { ruleTable } from '../../support/rules';

// An unanchored pattern matches anywhere in the path: /app/api/v1/users goes to the API members
// (test/real-mistakes-2, proxypassmatch-unanchored-takes-other-paths, reproduced on Apache 2.4.71 by
// test/apache/request-mistakes.test.ts).
const B = '<Proxy balancer://api>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('proxypassmatch-unanchored', [
  [
    `${B}ProxyPassMatch [["/api/v1/(.*)$"]] "balancer://api/$1"`,
    {
      says: ['"/api/v1/(.*)$" is not anchored, so it also takes "/x/api/v1/page": start it with ^'],
      fixed: `${B}ProxyPassMatch "^/api/v1/(.*)$" "balancer://api/$1"`,
      safe: false,
    },
  ],
  [`${B}ProxyPass ~ [[/static/.*\\.css]] !`, { fixed: `${B}ProxyPass ~ ^/static/.*\\.css !` }],
  // Lines of public configurations found after the rule was written (a cluster of Tomcats: /health and
  // /api/(.*) unanchored beside /(.*\.jsp.*), which matches the same paths either way; a glob taken for a regex)
  [
    `${B}ProxyPassMatch [[/health]]      balancer://api\nProxyPassMatch [[/api/(.*)]]    balancer://api\nProxyPassMatch /(.*\\.jsp.*) balancer://api\nProxyPassMatch [[/api/*]] balancer://api/`,
    { says: ['is not anchored, so it also takes "/x/'] },
  ],
  // near misses: anchored, a pattern every path matches alike, not starting with a slash, a section's line
  [`${B}ProxyPassMatch "^/api/v1/(.*)$" "balancer://api/$1"\nProxyPassMatch "/(.*\\.php)$" "fcgi://127.0.0.1:9000/srv/$1"`],
  [`${B}ProxyPassMatch "\\.jpg$" "!"\nProxyPass /api/ balancer://api/`],
  [`${B}<LocationMatch "/api/">\n    ProxyPass "balancer://api/"\n</LocationMatch>`],
]);

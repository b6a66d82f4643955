import { ruleTable } from '../../support/rules';

// %2F is answered 404 without AllowEncodedSlashes, and decoded with On: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, encoded).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('encoded-slash', [
  [
    `${B}[[ProxyPass /jenkins/ balancer://app/jenkins/ nocanon]]`,
    {
      says: ['a path with %2F gets 404', 'AllowEncodedSlashes NoDecode'],
    },
  ],
  [
    `${B}[[AllowEncodedSlashes On]]\nProxyPass /jenkins/ balancer://app/jenkins/`,
    { says: ['members receive "/" where clients send %2F', 'NoDecode'] },
  ],
  // near misses
  [`${B}AllowEncodedSlashes NoDecode\nProxyPass /jenkins/ balancer://app/jenkins/ nocanon`],
  [`${B}<VirtualHost *:80>\n    AllowEncodedSlashes NoDecode\n    ProxyPass / balancer://app/ nocanon\n</VirtualHost>`],
  [`${B}AllowEncodedSlashes On\nProxyPass /jenkins/ balancer://app/jenkins/ nocanon`],
  [`${B}ProxyPass /jenkins/ balancer://app/jenkins/`],
]);

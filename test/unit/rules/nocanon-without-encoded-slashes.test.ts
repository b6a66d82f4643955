import { ruleTable } from '../../support/rules';

// %2F is answered 404 unless AllowEncodedSlashes lets it through, nocanon or not: checked on Apache/2.4.71
// (test/apache/request-mistakes.test.ts, encoded).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('nocanon-without-encoded-slashes', [
  [`${B}[[ProxyPass /jenkins/ balancer://app/jenkins/ nocanon]]`, { says: ['a path with %2F gets 404', 'AllowEncodedSlashes NoDecode'] }],
  [`${B}<VirtualHost *:80>\n    [[ProxyPass / balancer://app/ nocanon]]\n</VirtualHost>`],
  // near misses
  [`${B}AllowEncodedSlashes NoDecode\nProxyPass /jenkins/ balancer://app/jenkins/ nocanon`],
  [`${B}<VirtualHost *:80>\n    AllowEncodedSlashes NoDecode\n    ProxyPass / balancer://app/ nocanon\n</VirtualHost>`],
  [`${B}ProxyPass /jenkins/ balancer://app/jenkins/`],
]);

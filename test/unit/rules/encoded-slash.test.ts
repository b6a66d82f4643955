import { ruleTable } from '../../support/rules';

// AllowEncodedSlashes On decodes %2F for the members: checked on Apache/2.4.71 (test/apache/request-mistakes.test.ts, encoded).
const B = '<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080\n</Proxy>\n';

ruleTable('encoded-slash', [
  [
    `${B}[[AllowEncodedSlashes On]]\nProxyPass /jenkins/ balancer://app/jenkins/`,
    { says: ['members receive "/" where clients send %2F', 'NoDecode'] },
  ],
  [`${B}[[AllowEncodedSlashes On]]\n<VirtualHost *:80>\n    ProxyPass / balancer://app/\n</VirtualHost>`],
  // NoDecode under a <Location>: mod_proxy encodes the % again (test/apache/trace-cases.ts, "a <Location> that applies makes mod_proxy encode %2F again").
  [
    `${B}AllowEncodedSlashes NoDecode\n<Location /jenkins/>\n    [[ProxyPass balancer://app/jenkins/]]\n</Location>`,
    { says: ['members receive %252F where clients send %2F', 'add nocanon'] },
  ],
  [
    `${B}AllowEncodedSlashes NoDecode\n<VirtualHost *:80>\n    <LocationMatch "^/j">\n        [[ProxyPass balancer://app/]]\n    </LocationMatch>\n</VirtualHost>`,
  ],
  // near misses
  [`${B}AllowEncodedSlashes NoDecode\nProxyPass /jenkins/ balancer://app/jenkins/ nocanon`],
  [`${B}AllowEncodedSlashes NoDecode\nProxyPass /jenkins/ balancer://app/jenkins/`],
  [`${B}AllowEncodedSlashes NoDecode\n<Location /jenkins/>\n    ProxyPass balancer://app/jenkins/ nocanon\n</Location>`],
  [`${B}<Location /jenkins/>\n    ProxyPass balancer://app/jenkins/\n</Location>`],
  [`${B}AllowEncodedSlashes On\nProxyPass /jenkins/ balancer://app/jenkins/ nocanon`],
  [`${B}AllowEncodedSlashes On`],
]);

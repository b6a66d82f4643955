import { ruleTable } from '../../support/rules';

// Apache connects to whatever a member's URL says: these URLs parse, start and fail on requests.
ruleTable('suspicious-member-url', [
  [
    '<Proxy balancer://shop>\n    BalancerMember [[https://10.0.0.1:80/]]\n</Proxy>',
    { says: ['"https://10.0.0.1:80/" uses https on port 80, the plain-HTTP port', 'TLS handshake fails', 'use http:// or port 443'] },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember [[http://app.example:443]]\n</Proxy>',
    { says: ['"http://app.example:443" uses http on port 443, the TLS port', 'use https:// or port 80'] },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember [["http://10.0.0.255:8080"]]\n    BalancerMember [[http://192.168.1.0]]\n</Proxy>',
    {
      each: ['10.0.0.255, a network or broadcast address', '192.168.1.0, a network or broadcast address'],
      says: ["check the member's address"],
    },
  ],
  ['BalancerMember balancer://shop [[https://10.0.0.1:80]]', { says: ['https on port 80'] }],
  // near misses
  [
    '<Proxy balancer://shop>\n    BalancerMember https://10.0.0.1:443/\n    BalancerMember http://10.0.0.1:80/\n    BalancerMember https://10.0.0.1\n</Proxy>',
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.25:8080\n    BalancerMember http://10.0.0.100\n    BalancerMember http://10.255.0.1\n</Proxy>',
  ],
  ['<Proxy balancer://shop>\n    BalancerMember http://host255\n    BalancerMember ajp://10.0.0.1:443\n</Proxy>'], // only http and https ports are judged
]);

import { ruleTable } from '../../support/rules';

// A request to balancer://NAME reads NAME as a URL's host (proxy_balancer_canon, ap_proxy_canon_netloc):
// a user@ is dropped, a :port split off, IPv6 brackets stripped, and the balancer looked up by what is
// left (docs/apache-semantics.md, Balancer names a request cannot reach; test/apache/unservable-balancer.test.ts).
const AH01144 = 'AH01144: No protocol handler was valid for the URL';

ruleTable('unservable-balancer-name', [
  [
    '[[<Proxy "balancer://app:8080">]]\nBalancerMember http://a\n</Proxy>',
    {
      says: ['every request to balancer://app:8080 gets 500: Apache looks up balancer://app, which is not defined'],
      apache: AH01144,
    },
  ],
  ['[[<Proxy balancer://a@b>]]\nBalancerMember http://a\n</Proxy>', { says: ['looks up balancer://b'], apache: AH01144 }],
  ['[[<Proxy balancer://u:p@app:81>]]\nBalancerMember http://a\n</Proxy>', { says: ['looks up balancer://app,'] }],
  ['[[<Proxy balancer://[::1]>]]\nBalancerMember http://a\n</Proxy>', { says: ['looks up balancer://::1,'] }],
  // created by ProxyPass alone
  ['[[ProxyPass / balancer://app:8080/]]', { says: ['gets 500'] }],
  [
    '[[<Proxy balancer://x:0>]]\nBalancerMember http://a\n</Proxy>',
    {
      says: ['every request to balancer://x:0 gets 400: Apache cannot read its name as a host and port'],
      apache: 'AH01157: error parsing URL //x:0: Invalid host/port',
    },
  ],
  ['[[<Proxy balancer://x:70000>]]\nBalancerMember http://a\n</Proxy>', { says: ['gets 400'] }],
  ['[[<Proxy balancer://8080>]]\nBalancerMember http://a\n</Proxy>', { says: ['gets 400'] }],
  [
    '[[<Proxy balancer://u@[::1%eth0]>]]\nBalancerMember http://a\n</Proxy>',
    { says: ['gets 400'], apache: 'AH01157: error parsing URL //u: Invalid host/port' },
  ],
  ['[[<Proxy balancer://[nothex]>]]\nBalancerMember http://a\n</Proxy>', { says: ['gets 400'] }],
  // another balancer answers to the name without the port
  [
    '[[<Proxy balancer://two:81>]]\nBalancerMember http://a\n</Proxy>\n<Proxy balancer://two>\nBalancerMember http://b\n</Proxy>',
    { says: ['requests to balancer://two:81 go to balancer://two'] },
  ],
  // the main server's balancer, shared with the virtual host, answers there too
  [
    '<Proxy balancer://two>\nBalancerMember http://b\n</Proxy>\n<VirtualHost *:80>\n[[<Proxy balancer://two:81>]]\nBalancerMember http://a\n</Proxy>\n</VirtualHost>',
    { says: ['go to balancer://two'] },
  ],
  // a virtual host's balancer is not found from the main server
  [
    '[[<Proxy balancer://two:81>]]\nBalancerMember http://a\n</Proxy>\n<VirtualHost *:80>\n<Proxy balancer://two>\nBalancerMember http://b\n</Proxy>\n</VirtualHost>',
    { says: ['gets 500'] },
  ],
  // served by their own members
  ['<Proxy balancer://app>\nBalancerMember http://a\n</Proxy>', {}],
  ['<Proxy balancer://app:x>\nBalancerMember http://a\n</Proxy>', {}],
  ['<Proxy balancer://App-1.example>\nBalancerMember http://a\n</Proxy>', {}],
  ['<Proxy balancer://a%41>\nBalancerMember http://a\n</Proxy>', {}],
  ['<Proxy balancer://app/path>\nBalancerMember http://a\n</Proxy>', {}],
]);

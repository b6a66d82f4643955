import { ruleTable } from '../../support/rules';

// status=+E at configuration time is practically a no-op: the first selection retries the member and
// clears E unless retry exceeds the current Unix time, and never with S (docs/apache-semantics.md, ap_proxy_set_wstatus, verified on 2.4.71).
ruleTable('status-in-error', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080 status=[[+E]]\n</Proxy>',
    {
      says: ['status "+E" sets E, which Apache clears when it retries the member', 'use +D to disable it', 'use +D to disable it'],
      fixed:
        '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember http://10.0.0.2:8080 status=+D\n</Proxy>',
      safe: false,
    },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=[[+he]]\n</Proxy>',
    {
      says: ['status "+he"'],
      fixed: '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember http://b status=+hD\n</Proxy>',
    },
  ],
  // In a quoted argument the whole word is rewritten, quotes kept.
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a [["status=E"]]\n    BalancerMember http://b\n</Proxy>',
    {
      says: ['status "E"'],
      fixed: '<Proxy balancer://shop>\n    BalancerMember http://a "status=D"\n    BalancerMember http://b\n</Proxy>',
    },
  ],
  // near misses
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+D\n    BalancerMember http://b\n</Proxy>'],
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+E retry=2000000000\n    BalancerMember http://b\n</Proxy>'], // a retry beyond now keeps it in error: it works
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=+ES\n    BalancerMember http://b\n</Proxy>'], // with S it is never retried
  ['<Proxy balancer://shop>\n    BalancerMember http://a status=-E\n    BalancerMember http://b\n</Proxy>'], // clearing E is harmless
]);

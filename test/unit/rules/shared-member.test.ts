import { ruleTable } from '../../support/rules';

// add_member looks for an existing member of the balancer whose name is a prefix of the new URL
// (ap_proxy_get_worker_ex, docs/apache-semantics.md, ap_proxy_get_worker_ex): that line then shares the worker, logs AH01149 and ignores
// its parameters with AH01150.
ruleTable('shared-member', [
  [
    '<Proxy balancer://shop>\n    BalancerMember http://10.0.0.1:8080\n    BalancerMember [[http://10.0.0.1:8080/app]] loadfactor=3\n</Proxy>',
    {
      says: ['"http://10.0.0.1:8080/app" adds no member, as http://10.0.0.1:8080 is a prefix of it', 'move loadfactor=3 to that line'],
      apache: "AH01150: Ignoring parameter 'loadfactor=3' for worker 'http://10.0.0.1:8080' because of worker sharing",
    },
  ],
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a:8080/\n    BalancerMember [[http://a:8080/x]] route=r2 retry=5\n</Proxy>',
    { says: ['move route=r2, retry=5 to that line'] },
  ],
  // without parameters there is nothing ignored to mention
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember [["http://a/app"]]\n</Proxy>',
    { says: ['remove this line'], never: ['ignored'] },
  ],
  // an exact repeat is shared too
  [
    '<Proxy balancer://shop>\n    BalancerMember http://a\n    BalancerMember [[http://a]] loadfactor=2\n</Proxy>',
    { says: ['"http://a" adds no member, as http://a is a prefix of it'] },
  ],
  // plain workers are shared by URL prefix too (add_pass, AH01146): the later ProxyPass's parameters are ignored, unchecked
  [
    'ProxyPass /a http://h/\nProxyPass /b http://h/ [[timeout=0]]',
    { says: ['timeout=0 is ignored: this URL shares the earlier worker http://h/ (a prefix of it)'] },
  ],
  ['ProxyPass /a http://h/\nProxyPass /b http://h/app [[loadfactor=abc]] [[retry=5]]', { says: ['shares the earlier worker http://h/'] }],
  ['ProxyPassMatch ^/x http://h/\nProxyPassMatch ^/y http://h/ [[timeout=0]]', { says: ['shares the earlier worker http://h/'] }],
  // near misses
  ['ProxyPass /a http://h/\nProxyPass /b http://h:80/ timeout=5'], // as written: the default port makes another worker
  ['ProxyPass ~ ^/x http://h/\nProxyPass /y http://h/ timeout=5'], // a match worker is not shared with a prefix worker
  ['ProxyPass /a http://h/app\nProxyPass /b http://h/ timeout=5'], // the earlier name is not a prefix of the later URL
  ['<Proxy balancer://shop>\n    BalancerMember http://a:8080\n    BalancerMember http://a:8081\n</Proxy>'], // the match must cover the whole host and port
  ['<Proxy balancer://shop>\n    BalancerMember http://a/app\n    BalancerMember http://a/\n</Proxy>'], // the earlier name is not a prefix of the later URL
  ['<Proxy balancer://a>\n    BalancerMember http://a\n</Proxy>\n<Proxy balancer://b>\n    BalancerMember http://a/x\n</Proxy>'], // only within one balancer
]);

import { COMPLETE, loadModule, ruleTable } from '../../support/rules';

// lbmethod names are exact, lower-case, and exist only when their module is loaded: "unknown
// lbmethod" otherwise, refused by `apache2 -t` (docs/apache-semantics.md,
// set_balancer_param). In a fragment the modules are unknown, so a correct name always passes.
const BYBUSYNESS = loadModule('lbmethod_bybusyness_module', 'mod_lbmethod_bybusyness.so');
const inShop = (line: string): string => `<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    ${line}\n</Proxy>`;

ruleTable('unknown-lbmethod', [
  [
    inShop('ProxySet lbmethod=[[ByRequests]]'),
    {
      says: ['lbmethod "ByRequests" is unknown, as names are exact and lower-case: did you mean "byrequests"?'],
      apache: 'ProxySet: unknown lbmethod lbmethod=ByRequests; balancer://shop',
      fixed: inShop('ProxySet lbmethod=byrequests'),
      safe: true,
      refuses: ['balancer://shop'],
    },
  ],
  // a misspelling is fixed too, but not unattended
  [
    inShop('ProxySet lbmethod=[[byrequest]]'),
    { says: ['did you mean "byrequests"?'], fixed: inShop('ProxySet lbmethod=byrequests'), safe: false },
  ],
  [
    inShop('ProxySet lbmethod=[[roundrobin]]'),
    { says: ['lbmethod "roundrobin" is unknown: use byrequests, bytraffic, bybusyness or heartbeat'], noFix: true },
  ],
  // a complete configuration without the method's module
  [
    `${COMPLETE}${BYBUSYNESS}${inShop('ProxySet lbmethod=[[bytraffic]]')}`,
    {
      says: ['lbmethod "bytraffic" needs mod_lbmethod_bytraffic: add LoadModule lbmethod_bytraffic_module'],
      apache: 'ProxySet: unknown lbmethod lbmethod=bytraffic',
      noFix: true,
    },
  ],
  [
    'ProxyPass /x balancer://a lbmethod=[[ByBusyness]]\nBalancerMember balancer://a http://h',
    {
      apache: 'ProxyPass unknown lbmethod',
      fixed: 'ProxyPass /x balancer://a lbmethod=bybusyness\nBalancerMember balancer://a http://h',
    },
  ],
  // in a quoted word the whole word is rewritten, quotes kept
  [inShop('ProxySet [["lbmethod=Bytraffic"]]'), { says: ['did you mean "bytraffic"?'], fixed: inShop('ProxySet "lbmethod=bytraffic"') }],
  // near misses
  [
    '<Proxy balancer://a lbmethod=bytraffic>\nBalancerMember http://h\n</Proxy>\nProxyPass /x balancer://a/ lbmethod=heartbeat\nProxySet balancer://a lbmethod=bybusyness',
  ],
  [`${COMPLETE}${BYBUSYNESS}${inShop('ProxySet lbmethod=bybusyness')}`],
  [inShop('ProxySet lbmethod=${METHOD}')], // an unresolved variable may come from the environment
]);

import { COMPLETE, ruleTable } from '../../support/rules';

// set_worker_param and set_balancer_param refuse an unknown key (keys ignore case). A member key
// on a balancer or the reverse is unknown there. With mod_proxy_hcheck loaded (assumed in a
// fragment) unknown worker keys get its message "unknown Worker hcheck parameter"
// (docs/apache-semantics.md, set_worker_param, set_balancer_param).
const inA = (line: string): string => `<Proxy balancer://a>\n${line}\n</Proxy>`;

ruleTable('unknown-parameter', [
  [
    '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" [[lbfactor]]=2\n</Proxy>',
    {
      says: ['unknown member parameter "lbfactor": did you mean "loadfactor"?'],
      apache: 'BalancerMember unknown Worker hcheck parameter',
      fixed: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" loadfactor=2\n</Proxy>',
      safe: false,
      refuses: ['balancer://shop'],
    },
  ],
  // a misspelling is fixed unattended; a name Apache spells differently (an alias) is not
  [
    inA('BalancerMember http://h\nProxySet [[stickysesion]]=ROUTEID'),
    {
      says: ['unknown balancer parameter "stickysesion": did you mean "stickysession"?'],
      apache: 'ProxySet: unknown Balancer parameter stickysesion=ROUTEID; balancer://a',
      fixed: inA('BalancerMember http://h\nProxySet stickysession=ROUTEID'),
      safe: true,
    },
  ],
  [
    'ProxyPass /x balancer://a [[sticky]]=X\nBalancerMember balancer://a http://h',
    { says: ['did you mean "stickysession"?'], apache: 'ProxyPass unknown Balancer parameter', safe: false },
  ],
  // the wrong side: where the key belongs
  [
    inA('BalancerMember http://h [[lbmethod]]=bybusyness\nProxySet [[loadfactor]]=2'),
    {
      each: [
        'lbmethod is a balancer parameter, not a member one: set it with ProxySet or on the ProxyPass line',
        'loadfactor is a member parameter, not a balancer one: set it on each BalancerMember line',
      ],
      noFix: true,
    },
  ],
  // a quoted word is flagged whole and not rewritten
  [
    inA('BalancerMember http://h [["weight=2"]] [[bogus]]=1'),
    {
      each: ['unknown member parameter "weight": did you mean "loadfactor"?', 'unknown member parameter "bogus": check its spelling'],
      noFix: true,
    },
  ],
  // without mod_proxy_hcheck, mod_proxy's own message
  [`${COMPLETE}${inA('BalancerMember http://h [[lbfactor]]=2')}`, { apache: 'BalancerMember unknown Worker parameter' }],
  // a health-check key without mod_proxy_hcheck: the module is missing, the key is right (one finding per key)
  [
    `${COMPLETE}${inA('BalancerMember http://h [[hcmethod]]=GET [[hcuri]]=/health')}`,
    {
      each: ['hcmethod is a health-check parameter of mod_proxy_hcheck, which is not loaded', 'hcuri is a health-check parameter'],
      never: ['did you mean'],
      noFix: true,
    },
  ],
  // near misses
  [inA('BalancerMember http://h LoadFactor=2 hcmethod=GET route=x\nProxySet StickySession=JSESSIONID')],
  [inA('BalancerMember http://h ${KEY}=2')], // an unresolved variable may come from the environment
]);

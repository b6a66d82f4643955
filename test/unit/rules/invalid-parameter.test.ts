import { COMPLETE, loadModule, ruleTable } from '../../support/rules';

const HC = COMPLETE + loadModule('proxy_hcheck_module', 'mod_proxy_hcheck.so');

// set_worker_param and set_balancer_param check every value while the configuration is read; one
// bad value stops Apache (docs/apache-semantics.md, set_worker_param,
// set_balancer_param). The span is the value; a quoted word is flagged whole.
ruleTable('invalid-parameter', [
  [
    '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" lbset=[[100]]\n    ProxySet nofailover=[[yes]]\n</Proxy>',
    {
      each: ['lbset "100" is not accepted: lbset must be between 0 and 99', 'nofailover "yes" is not accepted: failover must be On|Off'],
      apache: ' must be ',
      noFix: true,
      refuses: ['balancer://shop'],
    },
  ],
  [
    `<Proxy balancer://a>\nBalancerMember http://h route=[[${'r'.repeat(64)}]]\n</Proxy>`,
    { apache: 'BalancerMember Route length must be < 64 characters' },
  ],
  [
    '<Proxy balancer://a>\nBalancerMember http://h timeout=[[abc]]\n</Proxy>',
    { says: ['timeout "abc" is not accepted'], apache: 'BalancerMember Timeout must be at least one second' },
  ],
  [
    '<Proxy balancer://a>\nBalancerMember http://h [["retry=-1"]]\n</Proxy>',
    { says: ['retry "-1" is not accepted'], apache: 'BalancerMember Retry must be a positive value' },
  ],
  [
    'ProxyPass /x balancer://a growth=[[abc]]\nBalancerMember balancer://a http://h',
    { says: ['growth "abc" is not accepted'], apache: 'ProxyPass growth must be between 1 and 100' },
  ],
  // a bare word on ProxySet
  [
    '<Proxy balancer://a>\nBalancerMember http://h\nProxySet [[bare]]\n</Proxy>',
    {
      says: ['parameters must be written as key=value'],
      apache: "Invalid ProxySet parameter. Parameter must be in the form 'key=value'",
    },
  ],
  // a resolved variable is checked like any other text; the span is the whole substituted word
  ['Define R -1\n<Proxy balancer://a>\nBalancerMember http://h [[retry=${R}]]\n</Proxy>', { says: ['retry "-1" is not accepted'] }],
  // near misses
  [
    `${COMPLETE}<Proxy balancer://a>\nBalancerMember http://h route=${'r'.repeat(63)} lbset=99 retry=0 timeout=5\nProxySet nofailover=On growth=5\n</Proxy>\nProxyPass /a balancer://a`,
  ],
  ['<Proxy balancer://a>\nBalancerMember http://h retry=${R}\n</Proxy>'], // an unresolved variable may come from the environment
  // mod_proxy_hcheck names: defined earlier in the same server (test/apache/config-test.test.ts, "hcexpr …", "hctemplate …")
  [
    `${HC}BalancerMember balancer://a http://h hcexpr=[[ok]]\nProxyHCExpr ok {%{REQUEST_STATUS} =~ /^2/}\nBalancerMember balancer://b http://h hctemplate=[[t]]`,
    {
      each: [
        'hcexpr "ok" is not accepted: unknown health check condition expr',
        'hctemplate "t" is not accepted: unknown ProxyHCTemplate name',
      ],
    },
  ],
  [
    `${HC}ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^2/}\n<VirtualHost *:80>\nBalancerMember balancer://a http://h hcexpr=[[OK]]\n</VirtualHost>`,
    { says: ['hcexpr'] },
  ],
  [
    `${HC}ProxyHCExpr OK {%{REQUEST_STATUS} =~ /^2/}\nProxyHCTemplate t hcinterval=10\nBalancerMember balancer://a http://h hcexpr=ok hctemplate=T`,
  ],
  // mod_proxy_hcheck's set_hc_template: its key=value words as a member's (test/apache/config-test.test.ts, "ProxyHCTemplate …")
  [`${HC}ProxyHCTemplate t hcmethod=[[FOO]] hcinterval=abc`, { says: ['hcmethod "FOO" is not accepted: unknown method'] }],
  [`${HC}ProxyHCTemplate t hcinterval=[[50ms]]`, { says: ['interval must be a positive value greater than 100ms'] }],
  [`${HC}ProxyHCTemplate t hcmethod=GET hcexpr=[[ok]]`, { says: ['unknown health check condition expr'] }],
  [`${HC}ProxyHCTemplate t [[hcmethod]]`, { says: ['parameters must be written as key=value'] }],
  [`${HC}ProxyHCExpr ok {%{REQUEST_STATUS} =~ /^2/}\nProxyHCTemplate t hctemplate=T hcexpr=ok hcinterval=5 hcpasses=2 hcuri=/up`],
  [`${COMPLETE}ProxyHCTemplate t hcmethod=FOO`], // without mod_proxy_hcheck the directive is unknown: unknown-directive's business
  ['BalancerMember balancer://a http://h hcexpr=ok'], // a fragment: the name may be defined in a file not read
  ['BalancerMember balancer://a http://h bare'], // member-syntax's business
  ['ProxyPass /x balancer://a bare\nBalancerMember balancer://a http://h'], // proxypass-syntax's business
]);

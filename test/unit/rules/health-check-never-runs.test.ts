import { ruleTable } from '../../support/rules';

// mod_proxy_hcheck's watchdog checks a worker only when its method is not NONE, the default
// (hc_watchdog_callback: `worker->s->method != NONE`); with hcmethod=TCP, hc_check_tcp opens a
// connection and never reads hcuri. Confirmed on Apache 2.4.71 (test/apache/second-pass.test.ts).
const MISSING = 'without hcmethod: the default method NONE never checks this member, so add hcmethod=GET';

ruleTable('health-check-never-runs', [
  [
    '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" [[hcuri=/health]] hcinterval=5\n</Proxy>',
    {
      says: [`hcuri, hcinterval ${MISSING}`],
      fixed: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080" hcmethod=GET hcuri=/health hcinterval=5\n</Proxy>',
      safe: false,
    },
  ],
  ['BalancerMember balancer://a http://h [[hcfails=3]] hcpasses=2', { says: [`hcfails, hcpasses ${MISSING}`] }],
  ['BalancerMember balancer://a http://h [[HCExpr=ok]]\nProxyHCExpr ok {%{REQUEST_STATUS} =~ /^[23]/}', { says: [`hcexpr ${MISSING}`] }],
  [
    'BalancerMember balancer://a http://h hcmethod=TCP [[hcuri=/health]]',
    {
      says: ['hcuri "/health" is ignored with hcmethod=TCP, which only opens a connection: use hcmethod=GET'],
      fixed: 'BalancerMember balancer://a http://h hcmethod=GET hcuri=/health',
    },
  ],
  // near misses
  ['BalancerMember balancer://a http://h hcmethod=GET hcuri=/health hcinterval=5'],
  ['BalancerMember balancer://a http://h hcmethod=tcp hcinterval=5'],
  ['BalancerMember balancer://a http://h hcmethod=HEAD'],
  ['ProxyHCTemplate t hcmethod=GET hcuri=/h\nBalancerMember balancer://a http://h hctemplate=t hcinterval=5'],
  ['BalancerMember balancer://a http://h retry=5 timeout=3'],
]);

import { ruleTable } from '../../support/rules';

// HEAD and OPTIONS checks read no body (mod_proxy_hcheck's create_request_rec sets header_only): the
// condition on hc('body') never sees the maintenance page (test/real-mistakes-2, hcexpr-on-body-with-head-checks,
// reproduced on Apache 2.4.71 by test/apache/request-mistakes.test.ts).
const EXPR = "ProxyHCExpr in_maint {hc('body') !~ /Under maintenance/}\n";

ruleTable('health-check-body-unread', [
  [
    `${EXPR}<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080 [[hcmethod=HEAD]] hcexpr=in_maint hcuri=/health\n</Proxy>`,
    {
      says: ['hcmethod=HEAD reads no body, so hc(\'body\') in "in_maint" is always empty: use hcmethod=GET'],
      fixed: `${EXPR}<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080 hcmethod=GET hcexpr=in_maint hcuri=/health\n</Proxy>`,
      safe: false,
    },
  ],
  [
    `ProxyHCExpr Ok {hc("body") =~ /ok/ && %{REQUEST_STATUS} =~ /^2/}\n<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080 hcexpr=ok [[hcmethod=options11]]\n</Proxy>`,
  ],
  // near misses: a GET check, a condition on the status only, no condition
  [`${EXPR}<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080 hcmethod=GET hcexpr=in_maint\n</Proxy>`],
  [
    'ProxyHCExpr ok2xx {%{REQUEST_STATUS} =~ /^[23]/}\n<Proxy balancer://app>\n    BalancerMember http://10.0.0.1:8080 hcmethod=HEAD hcexpr=ok2xx\n    BalancerMember http://10.0.0.2:8080 hcmethod=HEAD\n</Proxy>',
  ],
]);

import { ruleTable } from '../../support/rules';

// proxysection accepts key=value on the <Proxy> line only for one balancer or worker URL: Apache
// refuses them on a wildcard or non-URL path, on <ProxyMatch>, and refuses a bare word there
// (docs/apache-semantics.md, proxysection).
const MOVE = 'parameters are refused here: move them to a ProxySet in a <Proxy balancer://…> section';

ruleTable('proxy-section-arguments', [
  // Apache 2.4's proxysection has no "~" form: the path is "~" and the regex an argument, on a non-URL
  [
    '<Proxy ~ [["^http://h/"]]>\n    Require all granted\n</Proxy>',
    { says: ['write <ProxyMatch REGEX>', '<Proxy> has no ~ form'], apache: '<Proxy> arguments are not supported for non url.' },
  ],
  [
    '<Proxy "balancer://shop*" [[lbmethod=bybusyness]]>\n    Require all granted\n</Proxy>',
    { says: [MOVE], apache: '<Proxy> arguments are not supported for wildchar url.', noFix: true },
  ],
  ['<Proxy /local [[lbmethod=bybusyness]]>\n</Proxy>', { apache: '<Proxy> arguments are not supported for non url.' }],
  [
    '<ProxyMatch "^balancer://shop" [[lbmethod=bybusyness]]>\n</ProxyMatch>',
    { apache: 'Multiple <ProxyMatch> arguments not (yet) supported.' },
  ],
  [
    '<Proxy balancer://a [[bare]]>\nBalancerMember http://h\n</Proxy>',
    { apache: "Invalid Proxy parameter. Parameter must be in the form 'key=value'", refuses: ['balancer://a'] },
  ],
  // near misses
  [
    '<Proxy balancer://a lbmethod=bybusyness>\nBalancerMember http://h\n</Proxy>\n<Proxy http://w timeout=5>\n</Proxy>\n<Proxy *>\nRequire all granted\n</Proxy>',
  ],
  ['<Proxy balancer://a> lbmethod=bogus\nBalancerMember http://h\n</Proxy>'], // text after the ">" is ignored
]);

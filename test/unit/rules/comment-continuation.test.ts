import { ruleTable } from '../../support/rules';

// Each behaviour of Apache this rule relies on was checked against Apache/2.4.71 (Debian): `apache2 -t`
// for what it accepts, and a live server with loopback backends for what requests see.

ruleTable('comment-continuation', [
  // The safe fix keeps what Apache reads (the swallowed line stays a comment); removing the
  // backslash would put the line into effect, so that is only the second, unsafe fix.
  [
    '# the slow member [[\\]]\nProxyPass /x balancer://c/',
    {
      says: ['"ProxyPass /x balancer://c/"', 'remove the backslash'],
      fixed: '# the slow member \n# ProxyPass /x balancer://c/',
      safe: true,
    },
  ],
  [
    '# the slow member [[\\]]\nProxyPass /x balancer://c/',
    { fix: 1, fixed: '# the slow member \nProxyPass /x balancer://c/', safe: false },
  ],
  [
    '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n    # last one [[\\]]\n</Proxy>',
    { says: ['"</Proxy>"'], fixed: '<Proxy balancer://c>\n    BalancerMember http://10.0.0.1\n    # last one \n# </Proxy>' },
  ],
  [
    '# note [[\\]]\r\n  BalancerMember balancer://c http://10.0.0.1\r\n',
    { fixed: '# note \r\n  # BalancerMember balancer://c http://10.0.0.1\r\n' },
  ],
  ['# two [[\\\\]]\nProxyPass /x !', { fixed: '# two \n# ProxyPass /x !' }],
  // fuzz seed 1753589088: the swallowed line held the template marker; commented out, the template's note
  // no longer hides the errors of the lines around it, which Apache refuses with or without the fix
  [
    '# note [[\\]]\n<Proxy balancer://$NAME/>\nProxySet lbmethod=byrequests\n</Proxy>',
    { fixed: '# note \n# <Proxy balancer://$NAME/>\nProxySet lbmethod=byrequests\n</Proxy>', safe: true },
  ],
  ['# mark [[\\]]\n\t\uFEFFProxyPass /x !', { fixed: '# mark \n\t# \uFEFFProxyPass /x !' }], // a byte order mark is no white space to Apache
  ['# a \\\n# b [[\\]]\nProxyPass /x !'],
  ['    # indented [[\\]]\n    proxypass /x !'],
  // near misses
  ['# backslash then space \\ \nProxyPass /x !'],
  ['# commented out \\\n#   continued'],
  ['#BalancerMember balancer://c \\\n    http://10.0.0.1'],
  ['ProxyPass /x \\\n    balancer://c/'],
  ['# at the end of the file \\'],
  ['# before a blank line \\\n\nProxyPass /x !'],
]);

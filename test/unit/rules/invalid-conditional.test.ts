import { ruleTable } from '../../support/rules';

// Read-time conditionals are evaluated while the file is read; a malformed one stops Apache before
// anything else (docs/apache-semantics.md, start_cond_section).
const FIX = 'this conditional cannot be tested, so Apache refuses it: fix its argument';

ruleTable('invalid-conditional', [
  [
    '[[<IfVersion >= 2.4.x>]]\n    BalancerMember balancer://api http://10.0.1.1:9000\n</IfVersion>',
    {
      says: [FIX],
      apache: 'Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.',
      noFix: true,
      // The error is on the <IfVersion> line around the member, not on the balancer's own lines.
      refuses: [],
    },
  ],
  ['[[<IfModule>]]\n</IfModule>', { apache: '<IfModule> directive requires additional arguments' }],
  ['[[<IfDefine>]]\n</IfDefine>', { apache: '<IfDefine> directive requires additional arguments' }],
  ['[[<IfFile>]]\n</IfFile>', { apache: '<IfFile> directive requires additional arguments' }],
  ['[[<IfDefine X]]\n</IfDefine>', { apache: "<IfDefine> directive missing closing '>'" }],
  ['[[<IfVersion ~ (>]]\n</IfVersion>', { apache: 'Unable to compile regular expression' }],
  // near misses
  [
    '<IfModule mod_proxy.c>\n</IfModule>\n<IfDefine !X>\n</IfDefine>\n<IfVersion >= 2.4>\n</IfVersion>\n<IfFile /x>\n</IfFile>\n<IfDirective Foo>\n</IfDirective>',
  ],
  ['<IfVersion 2.4>\n</IfVersion>'], // the operator defaults to =
  ['<IfModule mod_a.c mod_b.c>\n</IfModule>'], // only the first word counts
]);

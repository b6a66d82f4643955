import { ruleTable } from '../../support/rules';

// Define takes NAME [VALUE] and UnDefine NAME; both refuse ":" in the name, while the file is read
// (docs/apache-semantics.md, ap_resolve_env).
const RENAME = 'rename this variable without ":"';
const ARITY = 'write Define NAME [VALUE] or UnDefine NAME, quoting a value that contains spaces';

ruleTable('invalid-define', [
  ['[[Define backend:port 8080]]', { says: [RENAME], apache: "Variable name must not contain ':'", noFix: true, refuses: [] }],
  ['[[UnDefine a:b]]', { says: [RENAME] }],
  [
    '[[Define]]',
    {
      says: [ARITY],
      apache: 'Define takes 1-2 arguments, Define a variable, optionally to a value.  Same as passing -D to the command line.',
    },
  ],
  ['[[Define a b c]]', { says: [ARITY], apache: 'Define takes 1-2 arguments' }],
  ['[[UnDefine]]', { says: [ARITY], apache: 'UnDefine takes one argument, Undefine the existence of a variable. Undo a Define.' }],
  ['[[UnDefine a b]]', { apache: 'UnDefine takes one argument' }],
  // near misses
  ['Define a "b c"\nDefine x\nUnDefine x'],
  ['<IfDefine NOPE>\nDefine a:b\n</IfDefine>'], // a skipped body is not read
]);

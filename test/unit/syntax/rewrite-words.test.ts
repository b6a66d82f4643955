// mod_rewrite's own tokenizer, parseargline (docs/apache-semantics.md, "parseargline and
// cmd_parseflagfield"): each line's words as written in the document, against ap_getword_conf's.
// The quoting rules are checked on Apache 2.4.71 in test/apache/rewrite-arguments.ts and trace-cases.ts.
import assert from 'node:assert/strict';
import { parse } from '../../../server/src/core/syntax/parser';
import { conditionTest, handlerWords, rewriteArguments } from '../../../server/src/core/syntax/rewrite-words';
import type { Directive } from '../../../server/src/core/syntax/tree';

function directive(line: string, environment: Record<string, string> = {}): { text: string; directive: Directive } {
  const tree = parse(line, { environment });
  const node = tree.nodes[0];
  assert.ok(node?.kind === 'directive');
  return { text: tree.text, directive: node };
}

/** Each word's value, then the word as written (quotes included), as the accessor gives them. */
function words(line: string, environment: Record<string, string> = {}): [string, string][] | undefined {
  const { text, directive: read } = directive(line, environment);
  const found = rewriteArguments(read);
  if (!found) return undefined;
  return [found.first, found.second, ...(found.flags ? [found.flags] : [])].map((word) => [word.value, text.slice(word.start, word.end)]);
}

describe("syntax: mod_rewrite's words (parseargline)", () => {
  const cases: [line: string, expected: [string, string][] | undefined][] = [
    [
      'RewriteRule ^/a\\ b$ http://x/ [P]',
      [
        ['^/a\\ b$', '^/a\\ b$'],
        ['http://x/', 'http://x/'],
        ['[P]', '[P]'],
      ],
    ],
    // a backslash never escapes a quote; `\\` stays two backslashes
    [
      'RewriteRule "^/back\\\\" "http://x/t\\" [P]',
      [
        ['^/back\\\\', '"^/back\\\\"'],
        ['http://x/t\\', '"http://x/t\\"'],
        ['[P]', '[P]'],
      ],
    ],
    // what follows a closing quote starts the next word; a fourth word is ignored
    [
      'RewriteCond "%{HTTP_HOST}"^www [NC] extra',
      [
        ['%{HTTP_HOST}', '"%{HTTP_HOST}"'],
        ['^www', '^www'],
        ['[NC]', '[NC]'],
      ],
    ],
    // a quote never closed in the second word runs to the end of the line
    [
      "RewriteRule ^/ '/x [L]",
      [
        ['^/', '^/'],
        ['/x [L]', "'/x [L]"],
      ],
    ],
    // Apache refuses a line without a second word ("bad argument line")
    ['RewriteRule ^/only', undefined],
    ['RewriteRule "^/never closed', undefined],
  ];
  for (const [line, expected] of cases) it(line, () => assert.deepEqual(words(line), expected));

  it('spans a ${VAR} word over the variable as written', () => {
    assert.deepEqual(words('RewriteRule ^/(.*)$ ${TARGET} [P]', { TARGET: 'balancer://app/$1' })?.[1], ['balancer://app/$1', '${TARGET}']);
  });

  it('reads a line once', () => {
    const { directive: read } = directive('RewriteRule ^/a\\ b$ http://x/ [P]');
    assert.equal(rewriteArguments(read), rewriteArguments(read));
  });

  it("gives other directives' words as ap_getword_conf cuts them, a rewrite line's as parseargline does", () => {
    const values = (line: string): string[] => handlerWords(directive(line).directive).map((word) => word.value);
    assert.deepEqual(values('ProxyPass "/a\\"b" http://x/'), ['/a"b', 'http://x/']);
    assert.deepEqual(values('rewriteRULE ^/a\\ b$ http://x/ [P]'), ['^/a\\ b$', 'http://x/', '[P]']);
    assert.deepEqual(values('RewriteRule ^/only'), []);
  });
});

describe('syntax: what a RewriteCond pattern tests (cmd_rewritecond; trace-cases.ts checks each on Apache)', () => {
  it('tells comparisons, integer and file tests, expressions and regexes apart as Apache does', () => {
    const cases: [test: string, pattern: string, expected: ReturnType<typeof conditionTest>][] = [
      ['%{X}', '>5', { kind: 'string', operator: '>', operand: '5', negated: false }],
      ['%{X}', '!<=abc', { kind: 'string', operator: '<=', operand: 'abc', negated: true }],
      ['%{X}', '=""', { kind: 'string', operator: '=', operand: '', negated: false }],
      ['%{X}', '=', { kind: 'regex', operand: '=', negated: false }],
      ['%{X}', '-gt10', { kind: 'integer', operator: '>', operand: '10', negated: false }],
      ['%{X}', '-ne7', { kind: 'integer', operator: '=', operand: '7', negated: true }],
      ['%{X}', '!-ne7', { kind: 'integer', operator: '=', operand: '7', negated: false }],
      ['%{X}', '-lt', { kind: 'regex', operand: '-lt', negated: false }],
      ['%{X}', '!-f', { kind: 'file', operator: '-f', negated: true }],
      ['%{X}', '-H', { kind: 'regex', operand: '-H', negated: false }],
      ['%{X}', '-U', { kind: 'subrequest', operator: '-U', negated: false }],
      ['EXPR', "!%{X} == 'a'", { kind: 'expr', operand: "%{X} == 'a'", negated: true }],
      ['%{X}', '^a(b)$', { kind: 'regex', operand: '^a(b)$', negated: false }],
    ];
    for (const [test, pattern, expected] of cases) assert.deepEqual(conditionTest(test, pattern), expected, `${test} ${pattern}`);
  });
});

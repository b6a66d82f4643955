import * as assert from 'node:assert/strict';
import { buildModel } from '../../../server/src/core/model/build';
import { logicalLines, Span } from '../../../server/src/core/syntax/lines';
import { parse, ReadOptions } from '../../../server/src/core/syntax/parser';
import type { Directive, Node, Section, SyntaxTree } from '../../../server/src/core/syntax/tree';
import { walk } from '../../../server/src/core/syntax/walk';
import { show, unmark } from '../../support/markers';
import { memoryFiles } from '../../support/rules';

// Spec §1 and the reading rows of §9. Every expectation below that the spec does not already
// mark as verified was checked with `apache2 -t` (Apache/2.4.71, Debian).

/** The directive of the last top-level line, the one a case is about (a section's closing or opening line). */
function lastDirective(tree: SyntaxTree): Directive {
  const last = tree.nodes.at(-1);
  assert.ok(last, 'no top-level node');
  return last.kind === 'directive' ? last : (last.close ?? last.open);
}

/** A word as a list entry: bare when that is unambiguous, else JSON-quoted. */
const entry = (value: string): string => (/^[^\s"]+$/.test(value) ? value : JSON.stringify(value));

/** Logical lines as `ap_cfg_getline` returns them, before trimming. */
function checkLines(text: string, expected: readonly string[]): void {
  assert.deepEqual(
    [...logicalLines(text)].map((line) => line.text),
    expected,
  );
}

/** The last directive as the handler sees it: its name, then each argument word. */
function checkWords(text: string, expected: readonly string[], options?: ReadOptions): void {
  const directive = lastDirective(parse(text, options));
  assert.deepEqual([directive.name, ...directive.args.map((word) => word.value)], expected);
}

/** The document text under the last directive's name and argument spans. */
function checkSources(text: string, expected: readonly string[], options?: ReadOptions): void {
  const directive = lastDirective(parse(text, options));
  const slice = (span: Span): string => text.slice(span.start, span.end);
  assert.deepEqual([slice(directive.nameSpan), ...directive.args.map((word) => slice(word.span))], expected);
}

/** `|` marks where the last directive's reported line starts (Apache names the last physical line). */
function checkLineAt(marked: string): void {
  const at = marked.indexOf('|');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  assert.equal(lastDirective(parse(text)).lineAt, at);
}

/** Walk order after splicing: `name args…` per directive, `<Name args…>` and `</Name>` per section. */
function checkWalk(text: string, expected: readonly string[], options?: ReadOptions): void {
  const steps: string[] = [];
  const line = (name: string, words: readonly { value: string }[]): string => [name, ...words.map((word) => entry(word.value))].join(' ');
  for (const step of walk(parse(text, options).nodes)) {
    if (step.kind === 'directive') steps.push(line(step.directive.name, step.directive.args));
    else if (step.kind === 'enter') steps.push(`${line(`<${step.section.name}`, step.section.args)}>`);
    else steps.push(`</${step.section.name}>`);
  }
  assert.deepEqual(steps, expected);
}

/**
 * Every reading diagnostic, in text order, as `[[marked text]] message`; a `note: ` prefix means
 * Apache accepts the file anyway. The n-th marker is the n-th expected diagnostic's span.
 */
function checkDiagnostics(marked: string, expected: readonly string[], options?: ReadOptions): void {
  const { text, spans } = unmark(marked);
  assert.equal(spans.length, expected.length, 'one marker per expected diagnostic');
  const format = (span: Span, message: string): string => `${span.start}:[[${text.slice(span.start, span.end)}]] ${message}`;
  const actual = [...parse(text, options).diagnostics]
    .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
    .map((d) => format(d.span, `${d.refused ? '' : 'note: '}${d.message}`));
  assert.deepEqual(
    actual,
    expected.map((message, i) => format(spans[i]!, message)),
  );
}

/** Every node of a tree, depth first, without recursion (some cases nest thousands deep). */
function* nodesOf(nodes: readonly Node[]): Generator<Node> {
  const pending = [...nodes].reverse();
  for (let node = pending.pop(); node; node = pending.pop()) {
    yield node;
    if (node.kind === 'section') pending.push(...[...node.children].reverse());
  }
}

/** The first section of a tree. */
function firstSection(tree: SyntaxTree): Section {
  const section = [...nodesOf(tree.nodes)].find((node): node is Section => node.kind === 'section');
  assert.ok(section, 'no section');
  return section;
}

const LOAD_PROXY = 'LoadModule proxy_module modules/mod_proxy.so\n';

/** §1.1: [document, logical lines]. */
const LINES: readonly (readonly [string, readonly string[]])[] = [
  ['', []],
  ['a', ['a']],
  ['a\nb\n', ['a', 'b']],
  ['\n\n', ['', '']],
  ['a\\\nb', ['ab']], // no space is inserted
  ['a \\\n  b', ['a   b']], // the next line's leading whitespace is kept
  ['a\\\n\\\nb\nc', ['ab', 'c']],
  ['a\\ \nb', ['a\\ ', 'b']], // backslash + space is not a continuation
  ['a\\\t\nb', ['a\\\t', 'b']],
  ['a\\\r\nb\r\nc', ['ab', 'c']], // CR LF continues too
  ['a\r\nb\r\n', ['a', 'b']],
  ['a\\', ['a\\']], // a final line without LF keeps its backslash
  ['a\\\n', ['a']], // backslash + LF at the end just ends the line
  ['a\\\\\nb', ['a\\b']], // only the last backslash is removed
  ['# note \\\nBalancerMember x', ['# note BalancerMember x']], // a comment swallows the next line
  ['"a\\\nb"', ['"ab"']], // a quoted string spans continued lines
  ['a\rb\nc', ['a\rb', 'c']], // only LF ends a line
  ['a\0b\\\nc', ['a', 'c']], // a NUL ends the physical line, which then never continues
  ['a\\\n\0b\nc', ['a', 'c']],
];

/** §1.3, §1.4: [document, the last directive's name and argument values]. */
const WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['BalancerMember "a b" c', ['BalancerMember', 'a b', 'c']],
  ["BalancerMember 'a b' c", ['BalancerMember', 'a b', 'c']],
  ['  A \t x   y  ', ['A', 'x', 'y']],
  ['A\tb\vc\fd\re', ['A', 'b', 'c', 'd', 'e']], // C isspace
  ['A b\u00a0c', ['A', 'b\u00a0c']], // NBSP is not C whitespace
  ['A "a"b', ['A', 'a', 'b']], // the closing quote ends the word
  ['A "http://h:1"loadfactor=0', ['A', 'http://h:1', 'loadfactor=0']],
  ['A a"b c"', ['A', 'a"b', 'c"']], // quotes inside a word are literal
  ['A loadfactor="2"', ['A', 'loadfactor="2"']],
  ['A "loadfactor=2" \'lbset=1\'', ['A', 'loadfactor=2', 'lbset=1']],
  ['A "a\'b" \'c"d\'', ['A', "a'b", 'c"d']],
  ['A "i\\nj"', ['A', 'i\\nj']], // other escapes are kept
  ["A 'g\\\"h'", ['A', 'g\\"h']],
  ['A "x\\"y"', ['A', 'x"y']],
  ["A 'x\\'y'", ['A', "x'y"]],
  ['A "x\\\\y"', ['A', 'x\\y']],
  ['A x\\\\y', ['A', 'x\\y']], // `\\` collapses outside quotes too
  ['A x\\y x\\"y', ['A', 'x\\y', 'x\\"y']],
  ['A x\\ y', ['A', 'x\\', 'y']],
  ['A \\', ['A', '\\']],
  ['A "unterminated x  y', ['A', 'unterminated x  y']], // runs to the end of the line
  ['A "ab\\', ['A', 'ab\\']],
  ['A "a\\"', ['A', 'a"']],
  ['A ""', ['A', '']],
  ['A "" b', ['A', '', 'b']],
  ["A ''", ['A', '']],
  ['"BalancerMember" x', ['BalancerMember', 'x']], // a quoted name works
  ['BalancerMember http://h loadfactor=2 # slow', ['BalancerMember', 'http://h', 'loadfactor=2', '#', 'slow']],
  ['BalancerMember http://h#frag', ['BalancerMember', 'http://h#frag']],
  ['BalancerMember http://h:1\\\nloadfactor=2', ['BalancerMember', 'http://h:1loadfactor=2']],
  ['BalancerMember http://h:1 \\ \nloadfactor=2', ['loadfactor=2']], // not continued
  ['A x \\ \nB', ['B']],
  ['Foo>', ['Foo']], // one trailing `>` is dropped from a name
  ['Foo>> x', ['Foo>', 'x']],
  ['<Proxy>', ['<Proxy', '>']], // a bare opening line gets the argument ">"
  ['<Proxy balancer://a>\n</Proxy>', ['</Proxy>']],
  ['\ufeffServerAdmin x', ['\ufeffServerAdmin', 'x']], // a BOM is not stripped (§9 row 91)
  ['Define M "http://h:1 loadfactor=0"\nBalancerMember ${M}', ['BalancerMember', 'http://h:1', 'loadfactor=0']], // row 80
  ['Define Q \'"a b"\'\nA ${Q}', ['A', 'a b']], // quotes in a value are tokenised
  ['Define N BalancerMember\n${N} x', ['BalancerMember', 'x']],
];

/** Spans map back to the exact source: [document, text under the name and each argument]. */
const SOURCES: readonly (readonly [string, readonly string[]])[] = [
  ['BalancerMember "a b" c', ['BalancerMember', '"a b"', 'c']],
  ['  BalancerMember   x  ', ['BalancerMember', 'x']],
  ['A "a"b', ['A', '"a"', 'b']],
  ['A "open x', ['A', '"open x']],
  ['A \\\n  b', ['A', 'b']],
  ['A x\\\ny z', ['A', 'x\\\ny', 'z']],
  ['A x\\\r\ny', ['A', 'x\\\r\ny']],
  ['A x\\\n\\\ny', ['A', 'x\\\n\\\ny']],
  ['A x\\\n  y', ['A', 'x', 'y']],
  ['Define M "http://h:1 loadfactor=0"\nBalancerMember ${M}', ['BalancerMember', '${M}', '${M}']],
  ['Define H Host\nBalancerMember http://${H}:1/x k=v', ['BalancerMember', 'http://${H}:1/x', 'k=v']],
  ['Define V "a b"\nA x${V}y z', ['A', 'x${V}', '${V}y', 'z']],
  ['Define N BalancerMember\n${N} x', ['${N}', 'x']],
  ['A ${NOPE} b', ['A', '${NOPE}', 'b']],
  ['Define V v\nA ${V}\\\n b', ['A', '${V}', 'b']],
  ['Define V v\nA "${V} ${V}" c', ['A', '"${V} ${V}"', 'c']],
  ['Define X 5\nA $${X}', ['A', '$${X}']],
];

/** `|` marks the start of the physical line Apache reports (§1.1 item 5, §9 row 71). */
const LINE_AT: readonly string[] = [
  '|A',
  'A\n|B x',
  'A\nB x\\\n|  y',
  'B x\\\n  y\\\n|z',
  'B x\\\r\n|y\r\n',
  'B x\\\n|', // a continuation at the end of the file: Apache counts the empty line after it
  'B x\\\n\\\n|',
  '<Proxy balancer://a>\n</Proxy>\nB \\\n|\n',
];

/** §1.2: [document, walk], plus read options where the case needs them. */
const VARIABLES: readonly (readonly [string, readonly string[], ReadOptions?])[] = [
  ['Define lowvar 3\nA ${LOWVAR}', ['Define lowvar 3', 'A 3']], // row 78: Define lookup ignores case
  ['A ${X}\nDefine X 5\nB ${X}', ['A ${X}', 'Define X 5', 'B 5']], // row 81
  ['Define X\nA ${X}', ['Define X', 'A ${X}']], // row 82: a flag only
  ['Define X ""\nA ${X}', ['Define X ""', 'A ${X}']], // an empty value is no value
  ['Define X 1\nDefine X\nA ${X}', ['Define X 1', 'Define X', 'A 1']],
  ['Define X 1\nDefine x 2\nA ${X}', ['Define X 1', 'Define x 2', 'A 2']],
  ['Define X 1\nUnDefine x\nA ${X}', ['Define X 1', 'UnDefine x', 'A ${X}']],
  ['Define \u00c9 1\nA ${\u00e9} ${\u00c9}', ['Define \u00c9 1', 'A ${\u00e9} 1']], // the lookup folds ASCII letters only
  ['Define k 1\nA ${\u212a}', ['Define k 1', 'A ${\u212a}']], // the Kelvin sign is not a K
  ['Define X 5\nA $${X}', ['Define X 5', 'A $5']], // row 83: no escape
  ['Define X 5\nA ${X} ${X}${X}', ['Define X 5', 'A 5 55']],
  ['A ${X', ['A ${X']],
  ['Define X 5\nA $X ${} ${X', ['Define X 5', 'A $X ${} ${X']],
  ['Define X a}b\nA ${X}}', ['Define X a}b', 'A a}b}']],
  ['Define X ${Y}\nDefine Y 1\nA ${X}', ['Define X ${Y}', 'Define Y 1', 'A ${Y}']], // values are not rescanned
  ['Define A 1\nDefine B ${A}2\nC ${B}', ['Define A 1', 'Define B 12', 'C 12']],
  ['A ${HOME_DIR} ${home_dir}', ['A /srv ${home_dir}'], { environment: { HOME_DIR: '/srv' } }], // getenv is case-sensitive
  ['Define E defined\nA ${E}', ['Define E defined', 'A defined'], { environment: { E: 'env' } }],
  ['A x${E}y', ['A xy'], { environment: { E: '' } }],
  ['<VirtualHost *:80>\nDefine X 1\n</VirtualHost>\nA ${X}', ['<VirtualHost *:80>', 'Define X 1', '</VirtualHost>', 'A 1']],
  ['<If "false">\nDefine X 1\n</If>\nA ${X}', ['<If false>', 'Define X 1', '</If>', 'A 1']],
  ['<IfDefine NOPE>\nDefine X 1\n</IfDefine>\nA ${X}', ['A ${X}']],
  ['Define P balancer://a\n<Proxy ${P}>\n</Proxy>', ['Define P balancer://a', '<Proxy balancer://a>', '</Proxy>']],
  ['Define S Proxy\n<${S} balancer://a>\n</${S}>', ['Define S Proxy', '<Proxy balancer://a>', '</Proxy>']],
];

/** §1.6: [document, walk]; without any LoadModule line every module counts as loaded. */
const CONDITIONALS: readonly (readonly [string, readonly string[], ReadOptions?])[] = [
  ['<IfModule mod_nothing.c>\nA\n</IfModule>\nB', ['A', 'B']],
  ['<IfModule !mod_nothing.c>\nA\n</IfModule>\nB', ['B']],
  [`${LOAD_PROXY}<IfModule proxy_module>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']],
  [`${LOAD_PROXY}<IfModule mod_proxy.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']],
  [`${LOAD_PROXY}<IfModule mod_proxy>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so']], // row 84
  [`${LOAD_PROXY}<IfModule MOD_PROXY.C>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so']],
  [`${LOAD_PROXY}<IfModule mod_nothing.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so']],
  [`${LOAD_PROXY}<IfModule !mod_nothing.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']],
  [`${LOAD_PROXY}<IfModule ! mod_nothing.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']],
  [`${LOAD_PROXY}<IfModule version_module>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']], // compiled in
  [`${LOAD_PROXY}<IfModule mod_version.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']],
  [`${LOAD_PROXY}<IfModule proxy_module mod_nothing.c>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so', 'A']], // first word only
  [`${LOAD_PROXY}<IfModule mod_nothing.c proxy_module>\nA\n</IfModule>`, ['LoadModule proxy_module modules/mod_proxy.so']],
  ['<IfModule proxy_balancer_module>\nA\n</IfModule>\nLoadModule proxy_balancer_module m.so', ['LoadModule proxy_balancer_module m.so']], // row 34
  ['# LoadModule proxy_module m.so\n<IfModule mod_nothing.c>\nA\n</IfModule>', ['A']], // a comment loads nothing
  ['Define Foo\n<IfDefine FOO>\nA\n</IfDefine>', ['Define Foo']], // row 79: IfDefine is case-sensitive
  ['Define Foo\n<IfDefine Foo>\nA\n</IfDefine>', ['Define Foo', 'A']],
  ['Define Foo\n<IfDefine !FOO>\nA\n</IfDefine>', ['Define Foo', 'A']],
  ['Define Foo\nUnDefine Foo\n<IfDefine Foo>\nA\n</IfDefine>', ['Define Foo', 'UnDefine Foo']],
  ['Define Foo\nUnDefine foo\n<IfDefine Foo>\nA\n</IfDefine>', ['Define Foo', 'UnDefine foo', 'A']],
  ['<IfDefine X>\nA\n</IfDefine>', ['A'], { defines: ['X'] }],
  ['<IfDefine X>\nA\n</IfDefine>', []],
  ['<IfVersion = 2.4>\nA\n</IfVersion>', []], // row 85: 2.4 means 2.4.0
  ['<IfVersion >= 2.4>\nA\n</IfVersion>', ['A']],
  ['<IfVersion 2.4.71>\nA\n</IfVersion>', ['A']],
  ['<IfVersion == 2.4.71>\nA\n</IfVersion>', ['A']],
  ['<IfVersion "2.4.71">\nA\n</IfVersion>', ['A']],
  ['<IfVersion >= 2.4 >\nA\n</IfVersion>', ['A']],
  ['<IfVersion != 2.4>\nA\n</IfVersion>', ['A']],
  ['<IfVersion != 2.4.71>\nA\n</IfVersion>', []],
  ['<IfVersion !>= 2.5>\nA\n</IfVersion>', ['A']],
  ['<IfVersion < 2.4.72>\nA\n</IfVersion>', ['A']],
  ['<IfVersion < 2.4.71>\nA\n</IfVersion>', []],
  ['<IfVersion <= 2.4.71>\nA\n</IfVersion>', ['A']],
  ['<IfVersion > 2.4.71>\nA\n</IfVersion>', []],
  ['<IfVersion > 2.4.70>\nA\n</IfVersion>', ['A']],
  ['<IfVersion >= 3>\nA\n</IfVersion>', []],
  ['<IfVersion ~ ^2\\.4\\.>\nA\n</IfVersion>', ['A']],
  ['<IfVersion !~ ^2\\.2>\nA\n</IfVersion>', ['A']],
  ['<IfVersion = /^2\\.4\\.7/>\nA\n</IfVersion>', ['A']],
  ['<IfVersion = 2.4.>\nA\n</IfVersion>', []], // compare_version reads "2.4." as 2.4.0
  ['<IfVersion = 2.4.71.>\nA\n</IfVersion>', ['A']],
  ['<IfVersion = 2..71>\nA\n</IfVersion>', []], // 2.0.71
  ['<IfVersion ~ (a)\\1|^2>\nA\n</IfVersion>', ['A']], // a back reference is not evaluated: assumed true
  ['<IfVersion !~ ^(?=2)>\nA\n</IfVersion>', []], // nor a lookahead: assumed to match
  ['<IfModule mod_a.c>\n<IfDefine X>\nA\n</IfDefine>\nB\n</IfModule>', ['B']],
  ['<IfModule mod_a.c>\n<IfModule mod_b.c>\nA\n</IfModule>\nB\n</IfModule>\nC', ['A', 'B', 'C']],
  ['<IfDefine X>\n<IfModule mod_a.c>\nA\n</IfModule>\nB\n</IfDefine>\nC', ['C']],
  ['<IfDefine X>\n<Garbage\nBogus x\n${NOPE}\n</Garbage>\n</IfDefine>\nC', ['C']], // row 87
  ['<IfModule mod_a.c>\nA\n</ifmodule>\nB', ['A', 'B']],
  [
    '<Proxy balancer://a>\n<IfModule mod_a.c>\nProxySet lbmethod=bytraffic\n</IfModule>\n</Proxy>',
    ['<Proxy balancer://a>', 'ProxySet lbmethod=bytraffic', '</Proxy>'],
  ],
  ['<IfModule mod_a.c>\n<Proxy balancer://a>\nA\n</Proxy>\n</IfModule>', ['<Proxy balancer://a>', 'A', '</Proxy>']],
];

/** §1.5: [document, walk]. */
const SECTIONS: readonly (readonly [string, readonly string[], ReadOptions?])[] = [
  ['<Proxy balancer://a>\nA\n</Proxy>\nB', ['<Proxy balancer://a>', 'A', '</Proxy>', 'B']],
  ['<proxy balancer://a>\nA\n</PROXY>', ['<proxy balancer://a>', 'A', '</proxy>']],
  ['<Proxy balancer://a>\n</Proxy> junk here\nB', ['<Proxy balancer://a>', '</Proxy>', 'B']], // row 73
  ['<Proxy balancer://a lbmethod=x>\nA\n</Proxy>', ['<Proxy balancer://a lbmethod=x>', 'A', '</Proxy>']],
  ['<Proxy balancer://c1> lbmethod=bogus\n</Proxy>', ['<Proxy balancer://c1>', '</Proxy>']], // row 65: after `>` is ignored
  ['<Proxy "balancer://a">\n</Proxy>', ['<Proxy balancer://a>', '</Proxy>']],
  ['<Proxy>\n</Proxy>', ['<Proxy>', '</Proxy>']],
  ['<Foo x>\nA\n</Foo>', ['<Foo x>', 'A', '</Foo>']], // unknown sections nest too
  [
    '<VirtualHost *:80>\n<Proxy balancer://a>\nA\n</Proxy>\n</VirtualHost>',
    ['<VirtualHost *:80>', '<Proxy balancer://a>', 'A', '</Proxy>', '</VirtualHost>'],
  ],
  // Recovery: a stray close is dropped, a mismatched one closes up to its match.
  ['<Proxy balancer://a>\nA\n</Location>\nB\n</Proxy>\nC', ['<Proxy balancer://a>', 'A', '</Location>', 'B', '</Proxy>', 'C']],
  [
    '<Location /x>\n<Proxy balancer://a>\nA\n</Location>\nB',
    ['<Location /x>', '<Proxy balancer://a>', 'A', '</Proxy>', '</Location>', 'B'],
  ],
  ['<Proxy balancer://a>\nA\n</Proxy >\nB', ['<Proxy balancer://a>', 'A', '</Proxy>', 'B']],
  ['</Proxy>\nA', ['</Proxy>', 'A']],
  ['"" BalancerMember x\nA', ['A']], // an empty first word: Apache ignores the line
  ['"${E}" BalancerMember x\nA', ['A'], { environment: { E: '' } }],
  ['${E} BalancerMember x\nA', ['BalancerMember x', 'A'], { environment: { E: '' } }],
  ['<Proxy balancer://a>\nA', ['<Proxy balancer://a>', 'A', '</Proxy>']],
];

/** [document with marked spans, diagnostics in text order]. */
const DIAGNOSTICS: readonly (readonly [string, readonly string[], ReadOptions?])[] = [
  ['<Proxy balancer://a>\nBalancerMember http://h\n</Proxy>', []],
  ['<Proxy balancer://a>\n[[</Location>]]\n</Proxy>', ['Expected </Proxy> but saw </Location>']], // row 74
  ['<proxy balancer://a>\n[[</location>]]\n</proxy>', ['Expected </Proxy> but saw </location>']], // Apache's own spelling of a known section
  ['<foo x>\n[[</bar>]]\n</foo>', ['Expected </foo> but saw </bar>']], // an unknown one as written
  ['[[</Proxy>]]', ['</Proxy> without matching <Proxy> section']],
  ['[[</Proxy]]', ['</Proxy without matching <Proxy section']],
  ['[[</Proxy >]]', ['</Proxy without matching <Proxy section']],
  ['<Proxy balancer://a>\n[[</Proxy >]]', ["</Proxy> directive missing closing '>'"]], // row 72
  ['<Proxy balancer://a>\n[[</Proxy]]', ["</Proxy> directive missing closing '>'"]],
  ['<Proxy balancer://a>\n</Proxy> junk', []],
  ['<Proxy balancer://a>\n</PROXY>', []],
  ['[[<Proxy balancer://a>]]\nBalancerMember http://h', ['<Proxy> was not closed.']], // row 75
  ['[[<proxy balancer://a>]]', ['<Proxy> was not closed.']],
  ['[[<virtualhost *:80>]]', ['<VirtualHost> was not closed.']],
  ['[[<Foo x>]]', ['<Foo> was not closed.']],
  ['[[<Location /x>]]\n[[<Proxy balancer://a>]]', ['<Location> was not closed.', '<Proxy> was not closed.']],
  ['<IfModule mod_a.c>\n<Proxy balancer://a>\n[[</IfModule>]]\n</Proxy>\n</IfModule>', ['Expected </Proxy> but saw </IfModule>']],
  ['<Proxy balancer://a>\n<IfModule mod_a.c>\n[[</Proxy>]]\n</IfModule>\n</Proxy>', ['</Proxy> without matching <Proxy> section']],
  [
    '[[<IfModule mod_a.c>]]\nA\n[[</IfModule >]]\nB',
    ['note: <IfModule> is never closed: Apache reads to the end of the file as its body', '</IfModule without matching <IfModule section'],
  ], // row 88
  [
    '[[<IfModule mod_a.c>]]\nA\n[[</IfModule> # x]]',
    [
      'note: <IfModule> is never closed: Apache reads to the end of the file as its body',
      '</IfModule> without matching <IfModule> section',
    ],
  ],
  [
    'Define M IfModule\n[[<IfModule mod_a.c>]]\n[[</${M}>]]',
    [
      'note: <IfModule> is never closed: Apache reads to the end of the file as its body',
      '</IfModule> without matching <IfModule> section',
    ],
  ], // the end is matched before substitution
  [
    '[[<IfModule mod_a.c>]]\n[[<Proxy balancer://a>]]',
    ['note: <IfModule> is never closed: Apache reads to the end of the file as its body', 'note: <Proxy> was not closed.'],
  ], // Syntax OK
  ['<IfDefine NOPE>\n<Proxy a>\n[[</Location>]]\n</IfDefine>', ['Expected </Proxy> but saw </Location>']], // row 86
  ['<IfDefine NOPE>\n<proxy a>\n[[</Location>]]\n</IfDefine>', ['Expected </proxy> but saw </Location>']],
  ['<IfDefine NOPE>\n[[</IfDefine >]]', ['Expected </IfDefine> but saw </IfDefin>']], // soak drops the last character
  ['[[<IfDefine NOPE>]]\n<Proxy a>\n</Proxy>', ['Expected </IfDefine> before end of configuration']],
  ['<IfDefine NOPE>\n<Garbage>\nBogus ${NOPE}\n</Garbage>\n</IfDefine>', []],
  ['[[<IfModule>]]\n</IfModule>', ['<IfModule> directive requires additional arguments']],
  ['[[<IfModule !>]]\n</IfModule>', ['<IfModule> directive requires additional arguments']],
  ['[[<IfDefine>]]\n</IfDefine>', ['<IfDefine> directive requires additional arguments']],
  ['[[<IfModule mod_a.c]]\n</IfModule>', ["<IfModule> directive missing closing '>'"]],
  [
    '[[<IfVersion>]]\n</IfVersion>',
    ['Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.'],
  ],
  [
    '[[<IfVersion = 2.x>]]\n</IfVersion>',
    ['Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.'],
  ],
  [
    '[[<IfVersion = 2.4.71.0>]]\n</IfVersion>',
    ['Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.'],
  ],
  [
    '[[<IfVersion !2.4.71>]]\n</IfVersion>',
    ['Version appears to be invalid. It must have the format major[.minor[.patch]] where major, minor and patch are numbers.'],
  ],
  ['[[<IfVersion ! 2.4.71>]]\n</IfVersion>', ["unrecognized operator '!'"]],
  ['[[<IfVersion <> 2.4>]]\n</IfVersion>', ["unrecognized operator '<>'"]],
  ['[[<IfVersion 2.4.71 x>]]\n</IfVersion>', ["unrecognized operator '2.4.71'"]],
  ['[[<IfVersion = />]]\n</IfVersion>', ['Missing delimiting / of regular expression.']],
  ['[[<IfVersion = /^2\\.4>]]\n</IfVersion>', ['Missing delimiting / of regular expression.']],
  ['[[<IfVersion = /(/>]]\n</IfVersion>', ['Unable to compile regular expression']],
  ['[[<IfVersion a b c>]]\n</IfVersion>', ["<IfVersion> directive missing closing '>'"]],
  [
    'A [[${NOPE}]] [[${X}]]\nDefine X 1',
    ['note: AH00111: Config variable ${NOPE} is not defined', 'note: AH00111: Config variable ${X} is not defined'],
  ],
  ['A ${a:b}', []], // no warning for names with ':'
  ['[[Define a:b 1]]', ["Variable name must not contain ':'"]],
  ['[[UnDefine a:b]]', ["Variable name must not contain ':'"]],
  ['[[Define]]', ['Define takes 1-2 arguments, Define a variable, optionally to a value.  Same as passing -D to the command line.']],
  ['[[Define a b c]]', ['Define takes 1-2 arguments, Define a variable, optionally to a value.  Same as passing -D to the command line.']],
  ['[[UnDefine]]', ['UnDefine takes one argument, Undefine the existence of a variable. Undo a Define.']],
  ['[[UnDefine a b]]', ['UnDefine takes one argument, Undefine the existence of a variable. Undo a Define.']],
  ['<IfDefine NOPE>\nDefine a:b\nDefine\n</IfDefine>', []], // read-time directives in a skipped block never run
];

/** Inputs that once could trip a reader; each must give a tree, never an exception. */
const ODD_INPUTS: readonly string[] = [
  '',
  '\\',
  '\\\n',
  '\\\n\\\n',
  '\0',
  '\0\\\n<',
  '<',
  '</',
  '<>',
  '</>',
  '<\n</>',
  '>',
  '"',
  "'",
  '${',
  '${}',
  '$',
  '\ufeff',
  '\ufeff<Proxy',
  '\r',
  '\r\n\r\n',
  '<Proxy',
  '<Proxy\n',
  '</Proxy',
  '<IfModule',
  '<IfModule>',
  '<IfModule !>',
  '<IfVersion',
  '<IfVersion ~ (>',
  '<IfDefine X>\n<',
  '<IfDefine X>\n</',
  'Define',
  'Define ${',
  'UnDefine',
  'BalancerMember',
  'BalancerMember "',
  '<Proxy balancer://a>\nBalancerMember "',
  'ProxySet',
  'ProxyPass',
  '<Location>\nProxyPass\n</Location>',
  '<If>\nBalancerMember\n</If>',
  '<Proxy >\nProxySet\n</Proxy>',
  '\ud800',
  'A \udfff "\ud800',
  '<A>\n'.repeat(5000),
  '</A>\n'.repeat(100),
  '<IfModule x>\n'.repeat(1000),
  'A \\\n'.repeat(1000),
];

describe('syntax', () => {
  describe('logical lines (§1.1)', () => {
    for (const [text, expected] of LINES) it(`${show(text)} → ${show(expected.join('|'))}`, () => checkLines(text, expected));
  });

  describe('reported line is the last physical line (§1.1, row 71)', () => {
    for (const marked of LINE_AT) it(show(marked), () => checkLineAt(marked));
  });

  describe('words (§1.3, §1.4)', () => {
    for (const [text, expected] of WORDS) it(`${show(text)} → ${expected.map(show).join(' ')}`, () => checkWords(text, expected));
  });

  describe('spans map back to the source', () => {
    for (const [text, expected] of SOURCES) it(show(text), () => checkSources(text, expected));
    it('a directive spans its trimmed logical line', () => {
      const text = 'A\n  B x \\\n  y  \nC';
      const directive = parse(text).nodes[1]!;
      assert.equal(text.slice(directive.span.start, directive.span.end), 'B x \\\n  y');
    });
    it('a comment spans the line it swallows', () => {
      const text = 'A\n  # note \\\nBalancerMember x\nB';
      assert.deepEqual(
        parse(text).comments.map((span) => text.slice(span.start, span.end)),
        ['# note \\\nBalancerMember x'],
      );
    });
    it('a section keeps the text after its `>` as ignored', () => {
      const text = '<Proxy balancer://c1>  lbmethod=bogus \n</Proxy>';
      const section = firstSection(parse(text));
      assert.ok(section.ignoredText);
      assert.equal(text.slice(section.ignoredText.start, section.ignoredText.end), '  lbmethod=bogus');
      assert.equal(section.hasBracket, true);
    });
    it('a section without `>` says so', () => assert.equal(firstSection(parse('<Proxy balancer://c1\n</Proxy>')).hasBracket, false));
    it('a section spans from its opening line to its closing line', () => {
      const text = 'A\n<Proxy balancer://a>\n  B\n</Proxy> junk\nC';
      const section = firstSection(parse(text));
      assert.equal(text.slice(section.span.start, section.span.end), '<Proxy balancer://a>\n  B\n</Proxy> junk');
    });
  });

  describe('variables (§1.2)', () => {
    for (const [text, expected, options] of VARIABLES)
      it(`${show(text)}${options ? ` ${JSON.stringify(options)}` : ''}`, () => checkWalk(text, expected, options));
  });

  describe('conditional sections (§1.6)', () => {
    for (const [text, expected, options] of CONDITIONALS)
      it(`${show(text)}${options ? ` ${JSON.stringify(options)}` : ''}`, () => checkWalk(text, expected, options));
    it('knows which modules the file loads, if it names any', () => {
      assert.equal(parse('<IfModule x>\n</IfModule>').loadedModules, undefined);
      assert.ok(parse(`  ${LOAD_PROXY}`).loadedModules?.has('mod_proxy.c'));
    });
    it('marks a test it could not answer from the file as assumed', () => {
      assert.deepEqual(firstSection(parse('<IfModule mod_x.c>\n</IfModule>')).condition, { active: true, assumed: true });
      assert.deepEqual(firstSection(parse(`${LOAD_PROXY}<IfModule mod_x.c>\n</IfModule>`)).condition, { active: false, assumed: false });
      assert.deepEqual(firstSection(parse('<IfDefine X>\n</IfDefine>')).condition, { active: false, assumed: false });
    });
    it('answers <IfDirective> and <IfSection> from the loaded modules, and assumes them true where it cannot tell', () => {
      const condition = (text: string): unknown => firstSection(parse(text)).condition;
      assert.deepEqual(condition(`${LOAD_PROXY}<IfDirective proxypass>\n</IfDirective>`), { active: true, assumed: false });
      assert.deepEqual(condition(`${LOAD_PROXY}<IfDirective SSLProxyEngine>\n</IfDirective>`), { active: false, assumed: false });
      assert.deepEqual(condition(`${LOAD_PROXY}<IfSection Proxy>\n</IfSection>`), { active: true, assumed: false });
      assert.deepEqual(condition(`${LOAD_PROXY}<IfSection !VirtualHost>\n</IfSection>`), { active: false, assumed: false });
      assert.deepEqual(condition(`${LOAD_PROXY}<IfDirective ThirdPartyThing>\n</IfDirective>`), { active: true, assumed: true });
      assert.deepEqual(condition(`${LOAD_PROXY}<IfDirective MaxRequestWorkers>\n</IfDirective>`), { active: true, assumed: true });
      assert.deepEqual(condition('<IfDirective SSLProxyEngine>\n</IfDirective>'), { active: true, assumed: true });
    });
    it('answers <IfFile> from the file access, relative to ServerRoot, and assumes it true where it cannot look', () => {
      const files = memoryFiles({ '/srv/conf/present.conf': 'x', '/srv/dir/a': 'y', '/etc/secret': { roots: ['/srv'] } });
      const condition = (test: string, options: ReadOptions = { path: '/srv/main.conf', files }): unknown =>
        firstSection(parse(`ServerRoot /srv\n<IfFile ${test}>\n</IfFile>`, options)).condition;
      assert.deepEqual(condition('conf/present.conf'), { active: true, assumed: false });
      assert.deepEqual(condition('/srv/conf/present.conf'), { active: true, assumed: false });
      assert.deepEqual(condition('dir'), { active: true, assumed: false });
      assert.deepEqual(condition('conf/missing.conf'), { active: false, assumed: false });
      assert.deepEqual(condition('!conf/missing.conf'), { active: true, assumed: false });
      assert.deepEqual(condition('/etc/secret'), { active: true, assumed: true });
      assert.deepEqual(condition('conf/missing.conf', {}), { active: true, assumed: true });
    });
  });

  describe('sections (§1.5)', () => {
    for (const [text, expected, options] of SECTIONS) it(show(text), () => checkWalk(text, expected, options));
  });

  describe('diagnostics', () => {
    for (const [marked, expected, options] of DIAGNOSTICS) it(show(marked), () => checkDiagnostics(marked, expected, options));
  });

  describe('never throws (invariant 1)', () => {
    for (const text of ODD_INPUTS) {
      it(show(text.length > 40 ? `${text.slice(0, 40)}… (${text.length} chars)` : text), () => {
        const tree = parse(text);
        const model = buildModel(tree);
        const inside = (span: Span): boolean => span.start >= 0 && span.start <= span.end && span.end <= text.length;
        for (const node of nodesOf(tree.nodes)) assert.ok(inside(node.span), `node span ${JSON.stringify(node.span)}`);
        for (const found of [...tree.diagnostics, ...model.problems])
          assert.ok(inside(found.span), `problem span ${JSON.stringify(found.span)}`);
      });
    }
  });
});

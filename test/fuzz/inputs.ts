/**
 * Inputs and invariant checks for the fuzz tests (test/unit/robustness/fuzz.test.ts,
 * test/security/fix-fuzz.test.ts; from a fixed seed in `npm test`, from a fresh one in `npm run fuzz`):
 * random text biased toward Apache tokens, grammar-built configurations, and mutations of seed
 * files (the rule docs' examples, the bundled examples and fixtures, and the real-world corpus when
 * one is given).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { applySafeFixes } from '../../server/src/cli/fix';
import { analyze, Analysis } from '../../server/src/core/analysis';
import { codeActions } from '../../server/src/core/features/code-actions';
import { codeLenses } from '../../server/src/core/features/code-lens';
import { complete } from '../../server/src/core/features/completion';
import { hover } from '../../server/src/core/features/hover';
import { inlayHints } from '../../server/src/core/features/inlay-hints';
import { definition, references, rename } from '../../server/src/core/features/navigation';
import { documentSymbols, DocumentSymbol, foldingRanges } from '../../server/src/core/features/symbols';
import { lint } from '../../server/src/core/lint';
import { RULES } from '../../server/src/core/rules';
import { RULE_EXAMPLES } from '../../server/src/core/rules/examples';
import type { Diagnostic } from '../../server/src/core/rules/types';
import { picks, steps } from '../../server/src/core/scheduler/byrequests';
import { previewPicks, schedulingInputs } from '../../server/src/core/scheduler/preview';
import { logicalLines, Span } from '../../server/src/core/syntax/lines';
import type { Balancer, MemberDeclaration, Model, Parameter, ServerScope } from '../../server/src/core/model/model';
import type { Directive, Node, SyntaxTree } from '../../server/src/core/syntax/tree';
import { directiveFields } from '../../server/src/core/syntax/written';
import { walk } from '../../server/src/core/syntax/walk';
import { isExploring } from '../support/fuzz';

/** A fixed clock, so two analyses of one text are comparable. */
export const EPOCH = 1_800_000_000;

const ROOT = join(__dirname, '../..');

/**
 * Where the real-world corpus is: the folder `BALANCER_LENS_CORPUS` names, or, in the fuzz tier, a
 * `shared/corpus/real` folder beside the repository when present. The default tier reads no folder
 * it is not told about, so its inputs are the commit's alone, wherever it is checked out.
 */
export const CORPUS_DIR = process.env['BALANCER_LENS_CORPUS'] ?? (isExploring ? join(ROOT, '../shared/corpus/real') : undefined);

function confFiles(directory: string | undefined): string[] {
  if (directory === undefined || !existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith('.conf'))
    .sort()
    .map((name) => readFileSync(join(directory, name), 'utf8'));
}

/** Seed texts: every rule's bad and good example, the repository's examples and fixtures, and the corpus if present. */
export function seedTexts(): { texts: string[]; corpusFiles: number } {
  const corpus = confFiles(CORPUS_DIR);
  const texts = [
    ...RULES.flatMap((rule) => [RULE_EXAMPLES[rule.id].bad, RULE_EXAMPLES[rule.id].good]),
    ...confFiles(join(ROOT, 'examples')),
    ...confFiles(join(ROOT, 'test/fixtures/lint')),
    ...corpus,
  ];
  return { texts, corpusFiles: corpus.length };
}

/** Tokens the scanner, reader and handlers treat specially, and some they must merely survive. */
export const TOKENS: readonly string[] = [
  '<Proxy',
  '</Proxy>',
  '<Proxy balancer://shop>',
  '<Proxy "balancer://shop">',
  '<ProxyMatch ^/x>',
  '</ProxyMatch>',
  '>',
  '<',
  '</',
  'BalancerMember',
  'BalancerMember http://10.0.0.1:8080',
  'BalancerMember balancer://api http://10.0.1.1:9000',
  'ProxySet',
  'ProxyPass',
  'ProxyPassMatch',
  'ProxyPassReverse',
  'ProxyPass / balancer://shop/',
  'RewriteRule ^/(.*) balancer://shop/$1 [P]',
  'SetHandler balancer-manager',
  'BalancerPersist On',
  'balancer://',
  'balancer://shop',
  'balancer://SHOP/',
  'http://',
  'http://10.0.0.2:8080',
  'http://h:80/',
  'ajp://a:8009',
  'unix:/run/s.sock|http://localhost/',
  'loadfactor=',
  'loadfactor=0',
  'loadfactor=1.15',
  'loadfactor=100',
  'loadfactor=1e2',
  'lbset=1',
  'lbset=99',
  'status=',
  'status=+H',
  'status=+R',
  'status=-D',
  'status=E',
  'route=r1',
  'retry=0',
  'stickysession=ROUTEID',
  'lbmethod=bybusyness',
  'lbmethod=heartbeat',
  'forcerecovery=off',
  'nofailover=On',
  'key=value',
  '=',
  '<VirtualHost *:80>',
  '</VirtualHost>',
  '<Location /x>',
  '</Location>',
  '<IfModule proxy_balancer_module>',
  '<IfModule !mod_proxy.c>',
  '</IfModule>',
  '<IfDefine X>',
  '</IfDefine>',
  '<IfVersion >= 2.4>',
  '</IfVersion>',
  'LoadModule proxy_module modules/mod_proxy.so',
  'LoadModule mpm_event_module x',
  'Define X 1',
  'Define',
  'UnDefine X',
  '${X}',
  '${',
  '${unset}',
  '}',
  '#',
  '# balancer-lens-disable-next-line zero-loadfactor',
  '# balancer-lens-disable',
  'Include conf.d/*.conf',
  '<?php',
  '?>',
  '{{ x }}',
  '{%',
  '@VAR@',
  '"',
  "'",
  '\\',
  '\\\\',
  '\\"',
  '\\\n',
  '\\\r\n',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\n',
  '\n',
  '\r',
  '\r\n',
  '\v',
  '\f',
  '\0',
  '\uFEFF',
  '\uD800',
  '\uDC00',
  '\uD83D\uDE00',
  'é',
  '\u00A0',
  '\u2028',
  '0',
  '1',
  '-1',
  '99999999999999999999',
  'nan',
  'inf',
  '0x10',
  '+',
  '-',
  '|',
  ':',
  '/',
  '*',
  '~',
  '[',
  ']',
];

const token = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

/** Random text made of Apache-ish tokens, plain and odd characters. */
export const tokenText = fc.array(token, { maxLength: 120 }).map((parts) => parts.join(''));

const param = fc.oneof(
  fc
    .constantFrom('loadfactor', 'lbset', 'status', 'route', 'retry', 'redirect', 'hcmethod', 'LoadFactor', 'lbfactor')
    .chain((key) =>
      fc
        .constantFrom(
          '0',
          '1',
          '2',
          '3',
          '50',
          '100',
          '101',
          '1.15',
          '2.3',
          '33.3',
          '+H',
          '+R',
          'D',
          '-D',
          '+E',
          'N',
          'S',
          'C',
          'I',
          '+HR',
          'r1',
          'r2',
          '',
          '60',
          'x',
        )
        .map((value) => `${key}=${value}`),
    ),
  fc.constantFrom(
    'lbmethod=byrequests',
    'lbmethod=bytraffic',
    'lbmethod=bybusyness',
    'lbmethod=heartbeat',
    'lbmethod=ByRequests',
    'stickysession=ROUTEID',
    'forcerecovery=Off',
    'nofailover=On',
    'growth=2',
    'maxattempts=1',
    'bogus=1',
  ),
);
const host = fc.constantFrom(
  'http://10.0.0.1:8080',
  'http://10.0.0.2:8080',
  'http://10.0.0.1:8080/app',
  'http://10.0.0.1',
  'http://10.0.0.1:80',
  'HTTP://A',
  'ajp://10.0.0.3:8009',
  'http://[::1]:80',
  'unix:/s|http://x',
  'server1',
  'http://h/a',
  'http://h/ab',
);
const balancerName = fc.constantFrom(
  'balancer://shop',
  'balancer://api',
  'balancer://Shop',
  'balancer://shop/',
  'balancer://',
  'balancer:/x',
  'balancer://${X}',
);
const quote = (word: string, how: number): string => (how === 1 ? `"${word}"` : how === 2 ? `'${word}'` : word);
const spaced = fc.constantFrom(' ', '  ', '\t', ' \\\n  ');
const member = fc
  .tuple(host, fc.array(param, { maxLength: 4 }), fc.integer({ min: 0, max: 2 }), spaced)
  .map(([url, params, how, space]) => `BalancerMember${space}${quote(url, how)}${params.map((p) => ` ${p}`).join('')}`);
const directive = fc.oneof(
  { weight: 6, arbitrary: member },
  { weight: 2, arbitrary: fc.tuple(balancerName, member).map(([name, line]) => line.replace('BalancerMember', `BalancerMember ${name}`)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(param, { maxLength: 3 }), fc.option(balancerName, { nil: undefined }))
      .map(([params, name]) => `ProxySet${name ? ` ${name}` : ''}${params.map((p) => ` ${p}`).join('')}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('/', '/shop/', '/api'), balancerName, fc.array(param, { maxLength: 2 }))
      .map(([path, name, params]) => `ProxyPass ${path} ${name}${params.map((p) => ` ${p}`).join('')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'ProxyPassReverse / balancer://shop/',
      'Define X shop',
      'Define P 8080',
      'BalancerPersist On',
      '# a comment',
      '# balancer-lens-disable-next-line zero-loadfactor, invalid-url',
      'LoadModule proxy_balancer_module x',
      'ServerName example.com',
      'Frobnicate on',
      '',
    ),
  },
);
const sectionNames = fc.constantFrom(
  ['Proxy balancer://shop', 'Proxy'],
  ['Proxy "balancer://api" lbmethod=bytraffic', 'Proxy'],
  ['VirtualHost *:80', 'VirtualHost'],
  ['Location /x', 'Location'],
  ['IfModule proxy_module', 'IfModule'],
  ['IfModule !proxy_module', 'IfModule'],
  ['IfDefine X', 'IfDefine'],
  ['Proxy balancer://api', 'proxy'],
  ['Directory /', 'Location'],
);
const { block } = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    directive,
    fc.tuple(sectionNames, fc.array(tie('block'), { maxLength: 6 }), fc.integer({ min: 0, max: 9 })).map(([[open, close], body, variant]) =>
      // Mostly well formed; sometimes the close is missing, misspelled, or loses its `>`.
      [`<${open}>`, ...body, variant === 0 ? '' : variant === 1 ? `</${close}x>` : variant === 2 ? `</${close}` : `</${close}>`].join('\n'),
    ),
  ),
}));
const eol = fc.constantFrom('\n', '\n', '\n', '\r\n', '\r');

/** Configurations built from a small grammar: balancers, members, parameters, sections, conditionals. */
export const grammarText = fc
  .tuple(fc.array(block, { maxLength: 10 }), eol)
  .map(([blocks, newline]) => blocks.join('\n').replace(/\n/g, newline));

/** One edit of a text, with positions as fractions so it applies to any length. */
const mutation = fc.oneof(
  fc.tuple(fc.constant('delete' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 40 })),
  fc.tuple(fc.constant('insert' as const), fc.double({ min: 0, max: 1, noNaN: true }), token),
  fc.tuple(fc.constant('duplicate' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 200 })),
  fc.tuple(fc.constant('truncate' as const), fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(0)),
  fc.tuple(
    fc.constant('replace' as const),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom('\0', '\r', '\n', '"', '\\', '>', '<', '#', '\uD800', '=', ' '),
  ),
);

function mutate(text: string, edits: readonly (readonly [string, number, number | string])[]): string {
  let result = text;
  for (const [kind, where, what] of edits) {
    const at = Math.floor(where * result.length);
    if (kind === 'delete') result = result.slice(0, at) + result.slice(at + (what as number));
    else if (kind === 'insert') result = result.slice(0, at) + (what as string) + result.slice(at);
    else if (kind === 'duplicate') result = result.slice(0, at) + result.slice(at, at + (what as number)) + result.slice(at);
    else if (kind === 'truncate') result = result.slice(0, Math.max(at, result.length >> 1));
    else result = result.slice(0, at) + (what as string) + result.slice(at + 1);
  }
  return result;
}

/** A seed text with a few random edits. */
export function mutatedText(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 0, maxLength: 6 }))
    .map(([seed, edits]) => mutate(seed, edits));
}

/** Several seed files and grammar blocks run together (tens of kilobytes), then edited: bigger inputs with cross-file names. */
export function largeText(seeds: readonly string[]): fc.Arbitrary<string> {
  const part = fc.oneof(fc.constantFrom(...seeds), grammarText, tokenText);
  return fc
    .tuple(fc.array(part, { minLength: 2, maxLength: 24 }), fc.array(mutation, { maxLength: 10 }))
    .map(([parts, edits]) => mutate(parts.join('\n'), edits));
}

/** What an editor's keystroke inserts: characters the reader treats specially, tokens, and lines that change the read-time state. */
const keystrokeText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      'a',
      'Z',
      '1',
      ' ',
      ' ',
      '\t',
      '\n',
      '\n',
      '\r\n',
      '\\',
      '\\\n',
      '<',
      '>',
      '/',
      '#',
      '"',
      '$',
      '{',
      '}',
      '=',
      ':',
      '\0',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...TOKENS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Define X 1\n',
      '${X}',
      '$\\\n{X}',
      '${HOST}',
      '${LONG}',
      'Define Y ${LONG}${LONG}\n',
      'UnDefine X\n',
      '\\\nLoadModule x y\n',
      '<IfModule proxy_module>\n',
      '</IfModule>\n',
      'Include extra.conf\n',
      '</Proxy>\n',
    ),
  },
);
const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 0, 1) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }) }),
  insert: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: keystrokeText }),
});
/** A run of keystrokes at one place: what typing is. */
const typing = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), keys: fc.array(keystrokeText, { minLength: 1, maxLength: 8 }) });
/**
 * Edit sequences as an editor sends them: single edits anywhere (remove some characters, insert
 * others) and runs of keystrokes at one place. Positions are fractions, so they apply to any text.
 */
export const keystrokes: fc.Arbitrary<Keystroke[]> = fc
  .array(
    fc.oneof(
      edit.map((one) => [{ ...one, follows: false }]),
      typing.map(({ at, keys }) => keys.map((key, index) => ({ at, remove: 0, insert: key, follows: index > 0 }))),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((runs) => runs.flat());

/** One edit: at a fraction of the text (or, when it `follows`, just after the last edit's insertion), remove and insert. */
export interface Keystroke {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
  readonly follows: boolean;
}

/** The texts an edit sequence goes through, after each edit. */
export function editedTexts(start: string, strokes: readonly Keystroke[]): string[] {
  const texts: string[] = [];
  let text = start;
  let at = 0;
  for (const stroke of strokes) {
    if (!stroke.follows) at = Math.floor(stroke.at * text.length);
    text = text.slice(0, at) + stroke.insert + text.slice(at + stroke.remove);
    at += stroke.insert.length;
    texts.push(text);
  }
  return texts;
}

/** Everything a tree holds, as text: every field (in name order), and a directive's argument text, which may be a getter. */
export function dumpTree(tree: SyntaxTree): string {
  return JSON.stringify(tree, (_key, value: unknown) => {
    if (value instanceof Set) return [...(value as Set<string>)].sort();
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const fields: Record<string, unknown> = { ...value };
    if (fields['kind'] === 'directive') Object.assign(fields, directiveFields(value as Directive));
    return Object.fromEntries(
      Object.keys(fields)
        .sort()
        .map((key) => [key, fields[key]]),
    );
  });
}

/**
 * Everything a model says, as text: each balancer with its scope, sections, parameters and what set
 * them, each member with its URL, worker name, parameters and every line that declared or shared it
 * (spans included), the inheritance and sharing between servers, every reference and problem.
 */
export function dumpModel(model: Model): string {
  const span = (value: { readonly start: number; readonly end: number } | undefined): unknown => value && [value.start, value.end];
  const parameter = (each: Parameter): unknown => [each.key, each.value, span(each.span), span(each.valueSpan)];
  const settings = (setBy: ReadonlyMap<string, Parameter>): unknown => [...setBy].map(([key, each]) => [key, parameter(each)]);
  const scope = (each: ServerScope): unknown => (each.kind === 'main' ? 'main' : span(each.section.span));
  const declaration = (each: MemberDeclaration): unknown => [
    span(each.directive.span),
    span(each.url),
    each.urlText,
    each.parameters.map(parameter),
  ];
  const balancer = (each: Balancer): unknown => [
    each.name,
    scope(each.scope),
    span(each.createdBy.span),
    span(each.section?.span),
    each.params,
    settings(each.setBy),
    each.members.map((member) => [
      member.url,
      member.name,
      member.params,
      settings(member.setBy),
      declaration(member.declaration),
      member.sharedBy.map(declaration),
    ]),
    each.inherited && [
      each.inherited.from.name,
      scope(each.inherited.from.scope),
      each.inherited.ignoredMembers.map((member) => declaration(member.declaration)),
    ],
    each.sharedAcross?.map(scope),
  ];
  return JSON.stringify({
    persist: model.persist,
    balancers: model.balancers.map(balancer),
    references: model.references.map((each) => [each.name, each.isPartial, scope(each.scope), span(each.directive.span), span(each.span)]),
    problems: model.problems.map((each) => [
      each.ruleId,
      each.kind,
      span(each.span),
      each.message,
      each.refused,
      each.parameter && parameter(each.parameter),
      each.sharedWith,
      each.reason,
    ]),
  });
}

/** Concatenates the source text of the logical lines: it must give back the input exactly. */
export function reprint(text: string): string {
  return [...logicalLines(text)].map((line) => text.slice(line.start, line.end)).join('');
}

function checkSpan(span: Span, length: number, what: string): void {
  assert.ok(Number.isInteger(span.start) && Number.isInteger(span.end), `${what}: non-integer span ${JSON.stringify(span)}`);
  assert.ok(
    span.start >= 0 && span.start <= span.end && span.end <= length,
    `${what}: span ${span.start}-${span.end} outside [0, ${length}]`,
  );
}

/** Scanner invariants: lines tile the text, and every piece maps logical text back to the same characters. */
export function checkLines(text: string): void {
  const lines = [...logicalLines(text)];
  assert.equal(reprint(text), text, 'logical lines do not tile the text');
  let at = 0;
  for (const line of lines) {
    assert.equal(line.start, at, 'lines must be contiguous');
    assert.ok(line.end > line.start, 'an empty line');
    assert.ok(line.lastLineStart >= line.start && line.lastLineStart <= line.end, 'lastLineStart outside its line');
    let logical = 0;
    for (const piece of line.pieces) {
      assert.equal(piece.at, logical, 'pieces must cover the logical text in order');
      assert.equal(piece.length, piece.sourceLength);
      assert.ok(piece.source >= line.start && piece.source + piece.sourceLength <= line.end, 'piece outside its line');
      assert.equal(
        line.text.slice(piece.at, piece.at + piece.length),
        text.slice(piece.source, piece.source + piece.sourceLength),
        'piece text differs from the source',
      );
      logical += piece.length;
    }
    assert.equal(logical, line.text.length, 'pieces do not cover the logical line');
    at = line.end;
  }
  assert.equal(at, text.length, 'lines stop before the end of the text');
}

/** Tree invariants: spans in bounds, siblings in order and inside their section, words pointing at their own text. */
export function checkTree(analysis: Analysis, text: string): void {
  const tree = analysis.tree;
  assert.equal(tree.text, text, 'a file read alone is its own virtual text');
  const length = text.length;
  const checkWords = (words: readonly { value: string; span: Span; quoted: boolean }[], what: string): void => {
    for (const word of words) {
      checkSpan(word.span, length, `${what} word`);
      const raw = text.slice(word.span.start, word.span.end);
      // A word written plainly (no quote, escape, variable or continuation) is its own text.
      if (!/["'\\$\r\n\0]/.test(raw))
        assert.equal(word.value, raw, `${what}: word ${JSON.stringify(word.value)} spans ${JSON.stringify(raw)}`);
    }
  };
  const levels: { nodes: readonly Node[]; within: Span | undefined }[] = [{ nodes: tree.nodes, within: undefined }];
  while (levels.length > 0) {
    const { nodes, within } = levels.pop()!;
    let previousEnd = within?.start ?? 0;
    for (const node of nodes) {
      checkSpan(node.span, length, node.kind);
      assert.ok(node.span.start >= previousEnd, `siblings out of order at ${node.span.start} (previous ended at ${previousEnd})`);
      if (within) assert.ok(node.span.end <= within.end, `a child ends after its section (${node.span.end} > ${within.end})`);
      previousEnd = node.span.end;
      if (node.kind === 'directive') {
        checkSpan(node.nameSpan, length, 'directive name');
        checkWords(node.args, 'directive');
      } else {
        checkSpan(node.open.span, length, 'section open');
        checkWords(node.args, 'section');
        if (node.close) checkSpan(node.close.span, length, 'section close');
        if (node.ignoredText) checkSpan(node.ignoredText, length, 'ignored text');
        assert.equal(node.span.start, node.open.span.start);
        levels.push({
          nodes: node.children,
          within: { start: node.open.span.end, end: node.close ? node.close.span.start : node.span.end },
        });
      }
    }
  }
  for (const comment of tree.comments) checkSpan(comment, length, 'comment');
  for (const diagnostic of tree.diagnostics) checkSpan(diagnostic.span, length, `syntax diagnostic ${diagnostic.problem}`);
  let depth = 0;
  for (const step of walk(tree.nodes)) {
    if (step.kind === 'enter') depth++;
    else if (step.kind === 'leave') depth--;
    assert.ok(depth >= 0, 'walk left a section it never entered');
  }
  assert.equal(depth, 0, 'walk entered sections it never left');
}

/** Model invariants: spans in bounds. Scheduler invariants: shares sum to 1 or 0, picks only candidates. */
export function checkModel(analysis: Analysis): void {
  const length = analysis.tree.text.length;
  const { model } = analysis;
  for (const problem of model.problems) checkSpan(problem.span, length, `model problem ${problem.kind}`);
  for (const reference of model.references) checkSpan(reference.span, length, 'reference');
  assert.equal(analysis.previews.length, model.balancers.length);
  for (const preview of analysis.previews) {
    const { balancer, schedule } = preview;
    for (const member of balancer.members) {
      for (const declaration of [member.declaration, ...member.sharedBy]) {
        checkSpan(declaration.url, length, 'member url');
        for (const parameter of declaration.parameters) {
          checkSpan(parameter.span, length, 'parameter');
          checkSpan(parameter.valueSpan, length, 'parameter value');
        }
      }
      assert.ok(
        member.params.lbfactor >= 1 && member.params.lbfactor <= 10000 && Number.isInteger(member.params.lbfactor),
        `lbfactor ${member.params.lbfactor}`,
      );
      assert.ok(member.params.lbset >= 0 && member.params.lbset <= 99, `lbset ${member.params.lbset}`);
    }
    assert.equal(schedule.members.length, balancer.members.length);
    const sum = schedule.members.reduce((total, entry) => total + entry.share, 0);
    if (schedule.tier === undefined) {
      assert.equal(sum, 0);
      assert.equal(schedule.candidates.length, 0);
      assert.equal(schedule.cycleLength, 0);
    } else assert.ok(Math.abs(sum - 1) < 1e-9, `shares sum to ${sum}`);
    assert.equal(new Set(schedule.candidates).size, schedule.candidates.length, 'a candidate twice');
    const candidates = new Set(schedule.candidates);
    schedule.members.forEach((entry, index) => {
      assert.equal(entry.share > 0, candidates.has(index), 'a share without candidacy (or the reverse)');
      assert.equal(entry.idle === undefined, candidates.has(index), 'an idle reason on a candidate (or none on an idle member)');
    });
    // What the scheduler was given: a member sharing an earlier member's slot schedules with that member's values.
    const inputs = schedulingInputs(balancer.members);
    for (const index of schedule.candidates) assert.equal(inputs[index]!.lbset, schedule.tier);
    if (!preview.simulated) continue;
    const cycle = Math.min(schedule.cycleLength, 2000);
    for (const pick of picks(inputs, schedule, cycle)) assert.ok(candidates.has(pick), `picked ${pick}, not a candidate`);
    if (schedule.cycleLength > 0 && schedule.cycleLength <= 2000) {
      const run = steps(inputs, schedule, schedule.cycleLength);
      assert.ok(
        run.at(-1)!.lbstatus.every((value) => value === 0),
        'lbstatus not back to 0 after a cycle',
      );
    }
    const members = new Set(balancer.members);
    for (const picked of previewPicks(preview, 5)) assert.ok(picked === undefined || members.has(picked));
  }
}

/** Lint invariants: spans and fix edits in bounds, known rule ids; applying the safe fixes never throws. */
export function checkLint(analysis: Analysis, diagnostics: readonly Diagnostic[]): void {
  const length = analysis.tree.text.length;
  const known = new Set<string>(RULES.map((rule) => rule.id));
  for (const diagnostic of diagnostics) {
    assert.ok(known.has(diagnostic.ruleId), `unknown rule ${diagnostic.ruleId}`);
    checkSpan(diagnostic.span, length, diagnostic.ruleId);
    assert.ok(typeof diagnostic.message === 'string' && diagnostic.message.length > 0);
    for (const related of diagnostic.related ?? []) checkSpan(related.span, length, `${diagnostic.ruleId} related`);
    for (const fix of diagnostic.fixes ?? []) for (const edit of fix.edits) checkSpan(edit.span, length, `${diagnostic.ruleId} fix`);
  }
  for (let i = 1; i < diagnostics.length; i++)
    assert.ok(diagnostics[i - 1]!.span.start <= diagnostics[i]!.span.start, 'diagnostics out of document order');
  const fixed = applySafeFixes(analysis.tree.text, diagnostics);
  assert.equal(typeof fixed.text, 'string');
}

/** Every editor feature at a few offsets: nothing throws and every span is in bounds. */
export function checkFeatures(analysis: Analysis, diagnostics: readonly Diagnostic[], offsets: readonly number[]): void {
  const length = analysis.tree.text.length;
  const symbols: DocumentSymbol[] = [...documentSymbols(analysis)];
  while (symbols.length > 0) {
    const symbol = symbols.pop()!;
    checkSpan(symbol.span, length, 'symbol');
    checkSpan(symbol.selection, length, 'symbol selection');
    symbols.push(...symbol.children);
  }
  for (const span of foldingRanges(analysis)) checkSpan(span, length, 'folding range');
  for (const hint of inlayHints(analysis)) assert.ok(hint.offset >= 0 && hint.offset <= length);
  for (const lens of codeLenses(analysis, { picks: 10 })) checkSpan(lens.span, length, 'code lens');
  for (const action of codeActions(analysis, diagnostics, { start: 0, end: length }))
    for (const edit of action.edits) checkSpan(edit.span, length, 'code action');
  for (const offset of offsets) {
    const shown = hover(analysis, offset, { picks: 20 });
    if (shown) checkSpan(shown.span, length, 'hover');
    complete(analysis, offset);
    for (const span of [...definition(analysis, offset), ...references(analysis, offset)]) checkSpan(span, length, 'navigation');
    const renamed = rename(analysis, offset, 'renamed');
    if (!('error' in renamed)) for (const edit of renamed) checkSpan(edit.span, length, 'rename');
  }
}

/** What two analyses of the same text must agree on, as plain JSON. */
export function fingerprint(analysis: Analysis, diagnostics: readonly Diagnostic[]): string {
  return JSON.stringify({
    diagnostics,
    previews: analysis.previews.map((preview) => ({
      name: preview.balancer.name,
      lbmethod: preview.lbmethod,
      simulated: preview.simulated,
      schedule: preview.schedule,
      notes: preview.notes,
    })),
  });
}

/**
 * This process's CPU time in milliseconds: less stretched by a busy machine than the wall clock, but
 * not a verdict either (it picks which inputs the fuzz counts the work of; see workBudget).
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The CPU time past a quarter of which an input's work is counted (generous: the slowest input uses under a third of it). */
export function budgetMs(text: string): number {
  return 200 + 50 * (text.length / 1024);
}

/**
 * The work (test/support/work.ts: blocks of JavaScript run, characters searched) the core may do on
 * an input: about ten times what the costliest inputs take, so only gross (quadratic) work fails.
 */
export function workBudget(text: string): number {
  return 4_000_000 + 4_000 * text.length;
}

/** Runs every check on one input; returns the CPU time the core took (analysis, lint and features, not the checks). */
export function checkInput(text: string, offsets: readonly number[]): number {
  checkLines(text);
  const started = cpuMs();
  const analysis = analyze(text, { epochSeconds: EPOCH, environment: {} });
  const diagnostics = lint(analysis);
  let elapsed = cpuMs() - started;
  checkTree(analysis, text);
  checkModel(analysis);
  checkLint(analysis, diagnostics);
  const featuresStarted = cpuMs();
  checkFeatures(
    analysis,
    diagnostics,
    offsets.map((fraction) => Math.floor(fraction * (text.length + 1))),
  );
  elapsed += cpuMs() - featuresStarted;
  const again = analyze(text, { epochSeconds: EPOCH, environment: {} });
  assert.equal(fingerprint(again, lint(again)), fingerprint(analysis, diagnostics), 'analysis is not deterministic');
  return elapsed;
}

/** The core's work on one input: analysis, lint and the features at the given offsets (what test/support/work.ts counts). */
export function runInput(text: string, offsets: readonly number[]): void {
  const analysis = analyze(text, { epochSeconds: EPOCH, environment: {} });
  checkFeatures(
    analysis,
    lint(analysis),
    offsets.map((fraction) => Math.floor(fraction * (text.length + 1))),
  );
}

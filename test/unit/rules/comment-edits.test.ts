/**
 * After an edit of comments and blank text alone (core/syntax/value-edit.ts), the lint runner moves
 * the earlier findings of every rule that does not read comments (`readsComments`) and runs the
 * others again. Over random edits in and around the comments and blank lines of every seed text,
 * that must lint exactly as a fresh analysis does: a rule that reads comments without saying so
 * fails here.
 */
import assert from 'node:assert/strict';
import { generateBalancerHeavy } from '../../../bench/generate';
import { analyze, Analysis, AnalyzeOptions } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { RULES } from '../../../server/src/core/rules';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import type { SyntaxTree } from '../../../server/src/core/syntax/tree';
import { keptEditOf } from '../../../server/src/core/syntax/value-edit';
import { EPOCH, seedTexts } from '../../fuzz/inputs';
import { assertEditsLintAsFresh, FUZZ_SCALE, rangeStrokes, strokeIn } from '../../support/fuzz';
import { countingChecks } from '../../support/rules';

const OPTIONS: AnalyzeOptions = { path: '/etc/apache2/x.conf', environment: {}, epochSeconds: EPOCH };

/** Comments among balancers, suppressions, template marks and continuations: what the rules that read comments see. */
const COMMENTED = `# The shop's backends
<Proxy balancer://shop>
    # the first one
    BalancerMember http://10.0.0.1:8080 loadfactor=2

    BalancerMember http://10.0.0.1:8080/ route=b
    # balancer-lens-disable-next-line zero-loadfactor
    BalancerMember http://10.0.0.3:8080 loadfactor=0
</Proxy>
# {{ backend }} is filled in by the deployment
ProxyPass /shop/ balancer://shop/app/
# a comment that goes on \\
ProxyPassReverse /shop/ balancer://shop/

RewriteRule ^/(.*)$ balancer://shop/$1 [P]
`;

/**
 * Where a stroke may land, as `[start, end]`: each full-line comment and blank line, from the line's
 * start to its newline, and each line's indentation (which fixes copy, and Apache ignores).
 */
function trivia(text: string): [number, number][] {
  return [...text.matchAll(/^[ \t]*(?:#[^\n]*)?$|^[ \t]*(?=[^\s#])/gm)].map((line): [number, number] => [
    line.index!,
    line.index! + line[0].length,
  ]);
}

/** `text` with an empty comment or a blank line after each line that does not go on over the next. */
function withTrivia(text: string): string {
  return text
    .split('\n')
    .map((line, index) => (line.endsWith('\\') ? line : `${line}\n${index % 2 === 0 ? '#' : ''}`))
    .join('\n');
}

/** What a diagnostic says, and where. */
function dump(analysis: Analysis): string {
  return JSON.stringify(lint(analysis));
}

/** What a stroke types: comment text, template marks, a continuation, line ends, a suppression's start. */
const KEYS = ['a', ' ', '#', '#x', '{{ y }}', '<%= y %>', '@X@', '$HOME', '\\', '\n', '\n#', '\r', 'balancer-lens-disable '];

/** Edits in comments and blank lines: mostly what a comment can hold, sometimes what makes a line of it. */
const stroke = rangeStrokes(KEYS, ['type', 'type', 'delete', 'overwrite']);

/** `text` analysed and linted, then `edited` read from its tree as the editor reads it: that analysis, its findings, and a fresh lint's. */
function relinted(text: string, edited: string): { after: Analysis; found: Diagnostic[]; fresh: string } {
  const before = analyze(text, OPTIONS);
  lint(before);
  const after = analyze(edited, OPTIONS, before.tree);
  return { after, found: lint(after), fresh: dump(analyze(edited, OPTIONS)) };
}

function isCommentEdit(tree: SyntaxTree): boolean {
  return keptEditOf(tree)?.kind === 'comments';
}

describe('linting after an edit of comments', function () {
  this.timeout(180_000 * FUZZ_SCALE);

  it('says what a fresh analysis says, edit after edit, with the findings of rules that ignore comments moved', () => {
    // Every seed, with a comment or blank line after each line, so each rule's own examples are edited around.
    const seed = 7;
    const seeds = [
      ...seedTexts().texts.map(withTrivia),
      COMMENTED,
      generateBalancerHeavy({ root: '/srv/gen', port: 18_080, lines: 200, seed }).text,
    ];
    const counts = assertEditsLintAsFresh(
      seeds,
      stroke,
      (text, each, index) => strokeIn(text, trivia(text), each, KEYS, index),
      isCommentEdit,
      OPTIONS,
      2,
    );
    assert.ok(counts.kept > counts.edits * 0.3, `only ${counts.kept} of ${counts.edits} edits were comment edits`);
  });

  it('runs again only the rules that read comments (and those that review suppressions, which always run)', () => {
    const reading = RULES.filter((rule) => rule.readsComments || rule.reviewsSuppressions).map((rule) => rule.id);
    assert.ok(reading.length > 0, 'no rule reads comments');
    const before = analyze(COMMENTED, OPTIONS);
    assert.ok(lint(before).length > 0);
    const typed = COMMENTED.replace('# the first one', '# the first one, and the fastest');
    const after = analyze(typed, OPTIONS, before.tree);
    assert.ok(isCommentEdit(after.tree));
    const ran = countingChecks((calls) => {
      lint(after);
      return calls;
    });
    assert.deepEqual([...ran.keys()].sort(), reading.sort());
    assert.equal(dump(after), dump(analyze(typed, OPTIONS)));
  });

  it('finds a template mark typed into a comment, as a fresh lint does', () => {
    const { after, found, fresh } = relinted(COMMENTED, COMMENTED.replace('# the first one', '# the first one {{ y }}'));
    assert.ok(isCommentEdit(after.tree));
    assert.ok(found.some((diagnostic) => diagnostic.ruleId === 'template-syntax'));
    assert.equal(JSON.stringify(found), fresh);
  });

  it('runs every rule after a line is indented again, as a fix may copy its indentation', () => {
    const text =
      '<VirtualHost *:443>\n    <Proxy "balancer://shop">\n        BalancerMember "https://app1.example.com"\n    </Proxy>\n</VirtualHost>\n';
    const { after, found, fresh } = relinted(text, text.replace('    <Proxy', '  <Proxy'));
    assert.equal(isCommentEdit(after.tree), false);
    assert.ok(
      found.some((diagnostic) => diagnostic.fixes?.some((fix) => fix.edits.some((edit) => edit.newText === '  SSLProxyEngine On\n'))),
    );
    assert.equal(JSON.stringify(found), fresh);
  });

  const cases: readonly (readonly [name: string, before: string, after: string, expected: boolean])[] = [
    ['a word typed into a comment', '# a\nBalancerMember balancer://b http://a\n', '# ab\nBalancerMember balancer://b http://a\n', true],
    ['a blank line added', 'ProxyPass /a http://a/\nProxyPass /b http://b/\n', 'ProxyPass /a http://a/\n\nProxyPass /b http://b/\n', true],
    [
      'a comment line added',
      'ProxyPass /a http://a/\n\nProxyPass /b http://b/\n',
      'ProxyPass /a http://a/\n#\nProxyPass /b http://b/\n',
      true,
    ],
    [
      'a line commented out',
      'ProxyPass /a http://a/\nProxyPass /b http://b/\n',
      'ProxyPass /a http://a/\n#ProxyPass /b http://b/\n',
      false,
    ],
    ['a newline in a comment', '# a b\nProxyPass /b http://b/\n', '# a\n b\nProxyPass /b http://b/\n', false],
    ['a comment continued over the next line', '# a\nProxyPass /b http://b/\n', '# a\\\nProxyPass /b http://b/\n', false],
    ['a space between two words', 'ProxyPass /a http://a/\n', 'ProxyPass /a  http://a/\n', false],
    [
      'a line indented again',
      'ProxyPass /a http://a/\n  ProxyPass /b http://b/\n',
      'ProxyPass /a http://a/\n    ProxyPass /b http://b/\n',
      false,
    ],
    ['a carriage return in a comment', '# a\nProxyPass /b http://b/\n', '# a\r\nProxyPass /b http://b/\n', false],
  ];
  for (const [name, before, after, expected] of cases)
    it(`${expected ? '' : 'not '}after ${name}`, () => {
      const previous = analyze(before, OPTIONS).tree;
      assert.equal(isCommentEdit(analyze(after, OPTIONS, previous).tree), expected);
    });
});

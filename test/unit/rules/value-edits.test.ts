/**
 * After an edit of a parameter's value alone (core/syntax/value-edit.ts), the lint runner moves the
 * earlier findings of the rules that say they ignore values (`ignoresValues`) and runs the others
 * again. Over random edits in and around the values of every seed text, that must lint exactly as a
 * fresh analysis does: a rule that says so but reads a value fails here.
 */
import assert from 'node:assert/strict';
import { generateBalancerHeavy } from '../../../bench/generate';
import { analyze, Analysis, AnalyzeOptions } from '../../../server/src/core/analysis';
import { lint } from '../../../server/src/core/lint';
import { RULES } from '../../../server/src/core/rules';
import type { Diagnostic } from '../../../server/src/core/rules/types';
import { keptEditOf } from '../../../server/src/core/syntax/value-edit';
import type { SyntaxTree } from '../../../server/src/core/syntax/tree';
import { EPOCH, seedTexts } from '../../fuzz/inputs';
import { assertEditsLintAsFresh, FUZZ_SCALE, rangeStrokes, strokeIn } from '../../support/fuzz';
import { countingChecks } from '../../support/rules';

const OPTIONS: AnalyzeOptions = { path: '/etc/apache2/x.conf', environment: {}, epochSeconds: EPOCH };

/** Balancers whose findings hang on values: statuses, lbsets, routes, shared workers, health checks, sticky sessions. */
const VALUES = `<Proxy balancer://e>
BalancerMember http://e1 status=E retry=100 route=a
BalancerMember http://e2 status=+H loadfactor=2 route=a lbset=1
BalancerMember http://e1/x loadfactor=3 hcmethod=GET
ProxySet lbmethod=byrequests stickysession=JSESSIONID nofailover=On
</Proxy>
ProxyPass /e/ balancer://e/
ProxyPassReverse /e/ balancer://e/
BalancerMember balancer://o http://o1 loadfactor=2 status=D
ProxySet balancer://o growth=2 lbmethod=bytraffic
ProxyPass /o balancer://o
`;

/** Each value of a `BalancerMember` or `ProxySet` line, as `[start, end)` (the place after its `=` to the next blank). */
function values(text: string): [number, number][] {
  return [...text.matchAll(/^[ \t]*(?:BalancerMember|ProxySet)[^\n]*$/gim)].flatMap((line) =>
    [...line[0].matchAll(/=([^\s=]*)/g)].map((value): [number, number] => {
      const start = line.index! + value.index! + 1;
      return [start, start + value[1]!.length];
    }),
  );
}

/** Whether a value edit made `tree` (not another edit the runner keeps findings across). */
function isValueEdit(tree: SyntaxTree): boolean {
  return keptEditOf(tree)?.kind === 'value';
}

/** What a diagnostic says, and where. */
function dump(analysis: Analysis): string {
  return JSON.stringify(lint(analysis));
}

/** What a stroke types: what a value holds, and what makes the edit something else. */
const KEYS = ['1', '0', '5', '.', 'E', 'H', 'x', '+', '-', '_', ' ', '=', ':', '$', '"', '\n', '#', '/'];

/** Edits in and at the edges of values: mostly what a value can hold, sometimes what makes the edit something else. */
const stroke = rangeStrokes(KEYS, ['type', 'delete', 'overwrite']);

describe('linting after an edit of a parameter value', function () {
  this.timeout(180_000 * FUZZ_SCALE);

  it('says what a fresh analysis says, edit after edit, with the findings of rules that ignore values moved', () => {
    // The generator's own seed picks which configuration, not the test's randomness.
    const seed = 7;
    const seeds = [
      ...seedTexts().texts.filter((text) => values(text).length > 0),
      VALUES,
      generateBalancerHeavy({ root: '/srv/gen', port: 18_080, lines: 200, seed }).text,
    ];
    // Every seed, so each rule's own examples are edited: a rule that reads values fails on them.
    const counts = assertEditsLintAsFresh(
      seeds,
      stroke,
      (text, each, index) => strokeIn(text, values(text), each, KEYS, index),
      isValueEdit,
      OPTIONS,
      4,
    );
    assert.ok(counts.kept > counts.edits * 0.15, `only ${counts.kept} of ${counts.edits} edits were value edits`);
  });

  it('runs again only the rules that read values, and every rule after any other edit', () => {
    const ignoring = RULES.filter((rule) => rule.ignoresValues).map((rule) => rule.id);
    assert.ok(ignoring.length > 0, 'no rule ignores values');
    const before = analyze(VALUES, OPTIONS);
    lint(before);
    const valueEdit = analyze(VALUES.replace('loadfactor=2 route', 'loadfactor=25 route'), OPTIONS, before.tree);
    assert.ok(isValueEdit(valueEdit.tree));
    const ran = countingChecks((calls) => {
      lint(valueEdit);
      return calls;
    });
    assert.deepEqual(
      ignoring.filter((id) => ran.has(id)),
      [],
    );
    assert.ok(ran.size > 0 && ran.size === RULES.length - ignoring.length, `${ran.size} rules ran`);
    // A space splits the value into two words: not a value edit.
    const otherEdit = analyze(VALUES.replace('loadfactor=2 route', 'loadfactor=2  route'), OPTIONS, before.tree);
    assert.equal(isValueEdit(otherEdit.tree), false);
    assert.equal(
      countingChecks((calls) => (lint(otherEdit), calls.size)),
      RULES.length,
    );
  });

  it('keeps the diagnostics of a rule run again that finds what it found, and only those', () => {
    const before = analyze(VALUES, OPTIONS);
    const found = lint(before);
    const inError = (diagnostics: readonly Diagnostic[]): Diagnostic[] => diagnostics.filter((each) => each.ruleId === 'status-in-error');
    assert.equal(RULES.find((rule) => rule.id === 'status-in-error')!.ignoresValues, undefined);
    assert.equal(inError(found).length, 1);
    // Another member's loadfactor: status-in-error runs again and finds the same, so the editor keeps its diagnostic.
    const other = analyze(VALUES.replace('loadfactor=2 route', 'loadfactor=25 route'), OPTIONS, before.tree);
    assert.ok(isValueEdit(other.tree));
    const again = lint(other);
    assert.equal(inError(again)[0], inError(found)[0]);
    assert.equal(dump(other), dump(analyze(VALUES.replace('loadfactor=2 route', 'loadfactor=25 route'), OPTIONS)));
    // Its own status, still in error: the finding sits in the change, and is found anew.
    const plus = VALUES.replace('status=E', 'status=+E');
    const still = analyze(plus, OPTIONS, before.tree);
    assert.ok(isValueEdit(still.tree));
    assert.notEqual(inError(lint(still))[0], inError(found)[0]);
    assert.equal(dump(still), dump(analyze(plus, OPTIONS)));
    // Its own status: found no more.
    const status = analyze(VALUES.replace('status=E', 'status=D'), OPTIONS, before.tree);
    assert.ok(isValueEdit(status.tree));
    assert.deepEqual(inError(lint(status)), []);
  });

  it('moves a finding that ends where an empty value is typed into as a fresh lint does', () => {
    // unservable-balancer-name marks the line that created the balancer, up to its empty loadfactor.
    const text = 'BalancerMember balancer://app:8080 http://a loadfactor=\nProxyPass /a/ balancer://app:8080/\n';
    const before = analyze(text, OPTIONS);
    assert.ok(
      lint(before).some((diagnostic) => diagnostic.ruleId === 'unservable-balancer-name' && diagnostic.span.end === text.indexOf('\n')),
    );
    const typed = text.replace('loadfactor=', 'loadfactor=5');
    const after = analyze(typed, OPTIONS, before.tree);
    assert.ok(isValueEdit(after.tree));
    assert.equal(dump(after), dump(analyze(typed, OPTIONS)));
  });

  it('takes an edit of a value in an included file for one, and lints as a fresh analysis does', () => {
    const entry = '/etc/apache2/apache2.conf';
    const texts = new Map([
      [entry, 'Include /etc/apache2/members.conf\nProxyPass /a balancer://app/\nProxyPassReverse /a balancer://app/\n'],
      [
        '/etc/apache2/members.conf',
        '<Proxy balancer://app>\nBalancerMember http://a1/ loadfactor=5\nBalancerMember http://a2/ route=x\n</Proxy>\n',
      ],
    ]);
    const read = (): AnalyzeOptions => ({
      ...OPTIONS,
      path: entry,
      files: { readFile: (path) => texts.get(path), readDirectory: () => undefined },
    });
    const before = analyze(texts.get(entry)!, read());
    assert.ok(lint(before).length > 0);
    texts.set('/etc/apache2/members.conf', texts.get('/etc/apache2/members.conf')!.replace('loadfactor=5', 'loadfactor=50'));
    const edited = { path: '/etc/apache2/members.conf', text: texts.get('/etc/apache2/members.conf')! };
    const after = analyze(texts.get(entry)!, read(), before.tree, edited);
    assert.ok(isValueEdit(after.tree));
    assert.equal(dump(after), dump(analyze(texts.get(entry)!, read())));
  });

  it('keeps the findings of a rule that reads the run only for a file linted alone', () => {
    const text = '<Proxy balancer://other>\nBalancerMember http://o1 loadfactor=1\n</Proxy>\nProxyPass /app/ balancer://app/\n';
    const routes = analyze(text, OPTIONS);
    const members = analyze('<Proxy balancer://app>\nBalancerMember http://a1\n</Proxy>\n', { ...OPTIONS, path: '/etc/apache2/y.conf' });
    const emptyBalancer = (diagnostics: readonly { ruleId: string }[]): number =>
      diagnostics.filter((diagnostic) => diagnostic.ruleId === 'empty-balancer').length;
    assert.equal(emptyBalancer(lint(routes)), 1);
    assert.equal(emptyBalancer(lint(routes, { run: [routes, members] })), 0);
    assert.equal(emptyBalancer(lint(routes)), 1);
    const edited = analyze(text.replace('loadfactor=1', 'loadfactor=12'), OPTIONS, routes.tree);
    assert.ok(isValueEdit(edited.tree));
    assert.equal(emptyBalancer(lint(edited, { run: [edited, members] })), 0);
    assert.equal(emptyBalancer(lint(edited)), 1);
  });

  it('tells no value edit between two files, even read whole', () => {
    const previous = analyze('<IfModule proxy_module>\nBalancerMember balancer://b http://a loadfactor=5\n</IfModule>\n', OPTIONS).tree;
    const other = analyze(
      '<IfModule proxy_module>\nBalancerMember balancer://b http://a loadfactor=6\n</IfModule>\n',
      { ...OPTIONS, path: '/etc/apache2/y.conf' },
      previous,
    );
    assert.equal(isValueEdit(other.tree), false);
  });

  describe('tells a value edit', () => {
    const cases: [string, string, string, boolean][] = [
      ['a digit overwritten', 'BalancerMember http://a loadfactor=5\n', 'BalancerMember http://a loadfactor=6\n', true],
      ['a digit typed at the end', 'BalancerMember http://a loadfactor=5\n', 'BalancerMember http://a loadfactor=50\n', true],
      [
        'a digit deleted, the value left empty',
        'BalancerMember http://a loadfactor=5 retry=1\n',
        'BalancerMember http://a loadfactor= retry=1\n',
        true,
      ],
      [
        'a status in a section',
        '<Proxy balancer://b>\n  BalancerMember http://a status=+H\n</Proxy>\n',
        '<Proxy balancer://b>\n  BalancerMember http://a status=+D\n</Proxy>\n',
        true,
      ],
      [
        'a value on a line read with a variable',
        'Define NET 10.0.0\nBalancerMember http://${NET}.1 loadfactor=5\n',
        'Define NET 10.0.0\nBalancerMember http://${NET}.1 loadfactor=6\n',
        true,
      ],
      [
        'a value in a conditional section, read whole',
        '<IfModule proxy_module>\nBalancerMember balancer://b http://a loadfactor=5\n</IfModule>\n',
        '<IfModule proxy_module>\nBalancerMember balancer://b http://a loadfactor=6\n</IfModule>\n',
        true,
      ],
      ['a ProxySet value', 'ProxySet balancer://b lbmethod=byrequests\n', 'ProxySet balancer://b lbmethod=bytraffic\n', true],
      ['a first value typed into an empty one', 'BalancerMember http://a loadfactor=\n', 'BalancerMember http://a loadfactor=5\n', true],
      ['a key', 'BalancerMember http://a loadfactor=5\n', 'BalancerMember http://a loadfactr=5\n', false],
      ['the URL', 'BalancerMember http://a1 loadfactor=5\n', 'BalancerMember http://a2 loadfactor=5\n', false],
      ['a space typed into the value', 'BalancerMember http://a loadfactor=55\n', 'BalancerMember http://a loadfactor=5 5\n', false],
      ['a quoted word', 'BalancerMember http://a "loadfactor=5"\n', 'BalancerMember http://a "loadfactor=6"\n', false],
      ['a variable', 'BalancerMember http://a loadfactor=5\n', 'BalancerMember http://a loadfactor=$5\n', false],
      ['a second "="', 'BalancerMember http://a route=a\n', 'BalancerMember http://a route=a=\n', false],
      ['a comment', '# BalancerMember http://a loadfactor=5\n', '# BalancerMember http://a loadfactor=6\n', false],
      ['a ProxyPass value', 'ProxyPass / http://a/ timeout=5\n', 'ProxyPass / http://a/ timeout=6\n', false],
      ['the first word of a ProxySet', 'ProxySet a=1 lbmethod=bytraffic\n', 'ProxySet a=2 lbmethod=bytraffic\n', false],
    ];
    for (const [name, before, after, expected] of cases)
      it(`${expected ? '' : 'not '}after ${name}`, () => {
        const previous = analyze(before, OPTIONS).tree;
        assert.equal(isValueEdit(analyze(after, OPTIONS, previous).tree), expected);
      });
  });
});

/**
 * Rule tables: `checkRule(ruleId, 'ProxyPass /api/ [[balancer://b]]', { says: ['add a trailing slash'] })`
 * lints the text through the runner (severities, suppressions and template handling in one place,
 * as users get them) and asserts that rule `ruleId` flags exactly the marked spans, with the
 * expected messages, severity and fix. `ruleTable` turns a list of such cases into one test each,
 * and adds a severity override and a suppression comment for the first flagged case.
 */
import * as assert from 'node:assert/strict';
import { analyze, type Analysis } from '../../server/src/core/analysis';
import { lint, SeveritySetting } from '../../server/src/core/lint';
import { markRefusals } from '../../server/src/core/preview-facts';
import { RULES } from '../../server/src/core/rules';
import type { Diagnostic, Fix, Rule, Severity } from '../../server/src/core/rules/types';
import type { FileAccess, NotRegular, OutsideRoots, TooLarge } from '../../server/src/core/syntax/includes';
import type { Span } from '../../server/src/core/syntax/lines';
import { show, unmark } from './markers';

/** The clock every rule test reads (status times, persisted state): fixed, so results never depend on the day. */
export const EPOCH_SECONDS = 1_800_000_000;

const MODULES = '/usr/lib/apache2/modules';

/** A LoadModule line for `id` from Debian's module folder. */
export const loadModule = (id: string, file: string): string => `LoadModule ${id} ${MODULES}/${file}\n`;

/** A complete configuration's module lines (an MPM and the standard proxy modules, no Include): Apache's module checks apply. */
export const COMPLETE = [
  loadModule('mpm_event_module', 'mod_mpm_event.so'),
  loadModule('proxy_module', 'mod_proxy.so'),
  loadModule('proxy_balancer_module', 'mod_proxy_balancer.so'),
  loadModule('slotmem_shm_module', 'mod_slotmem_shm.so'),
  loadModule('lbmethod_byrequests_module', 'mod_lbmethod_byrequests.so'),
].join('');

/** Where a test text lives, and the files around it (default: a fragment with no path, nothing else on disk). */
export interface TextOptions {
  /** The document's path; relative includes resolve against its folder. */
  readonly path?: string;
  /**
   * Other files (absolute path → content) that includes may read; folders are derived from the paths. Instead of
   * its content, a file may give what the CLI's file access answers for it: too large, outside the roots, not regular.
   */
  readonly files?: Readonly<Record<string, MemoryFile>>;
  /** Severity per rule id, as `.balancerlens.json` sets it. */
  readonly rules?: Readonly<Record<string, SeveritySetting>>;
}

/** What a case expects beyond the marked spans. */
export interface RuleExpect extends TextOptions {
  /** Fragments every finding's message must contain (quoted values, Apache's words, the advice). */
  readonly says?: readonly string[];
  /** One fragment per finding, in span order, when the findings say different things. */
  readonly each?: readonly string[];
  /** A fragment of Apache's words every finding carries in `apacheMessage`. */
  readonly apache?: string;
  /** One fragment of Apache's words per finding, in span order, when they differ. */
  readonly eachApache?: readonly string[];
  /** Fragments no finding's message may contain. */
  readonly never?: readonly string[];
  /** Every finding's severity (default: the rule's own, or the one `rules` sets). */
  readonly severity?: Severity;
  /** Which of the first finding's fixes `fixed` and `safe` are about (default: the first). */
  readonly fix?: number;
  /** The text after applying that fix. */
  readonly fixed?: string;
  /** Whether that fix may be applied unattended. */
  readonly safe?: boolean;
  /** The messages start with a capital letter: a known deviation from CONTRIBUTING.md (mark the case FIXME). */
  readonly capitalised?: boolean;
  /** Asserts that no fix is offered. */
  readonly noFix?: boolean;
  /**
   * An error rule's refusal: the balancers it makes Apache refuse, whose previews then show no
   * schedule (empty when the refused line is none of a balancer's lines). Every error rule's table
   * gives it on one case; test/unit/features/refusals.test.ts checks what each view shows of them.
   */
  readonly refuses?: readonly string[];
}

/** One line of a rule table: the text with each expected finding's span in `[[ ]]`, and what else to check. */
export type RuleCase = readonly [marked: string, expect?: RuleExpect];

/** The rule registered under `ruleId`. */
export function ruleById(ruleId: string): Rule {
  const rule = RULES.find((candidate) => candidate.id === ruleId);
  assert.ok(rule, `no rule "${ruleId}"`);
  return rule;
}

/** An in-memory file: its text, or why the file access would not read it. */
export type MemoryFile = string | TooLarge | OutsideRoots | NotRegular;

/**
 * A FileAccess over `files` (absolute path → content); a folder lists the names directly under it,
 * unless `files` gives the folder itself as outside the roots.
 */
export function memoryFiles(files: Readonly<Record<string, MemoryFile>>): FileAccess {
  return {
    readFile: (path) => files[path],
    readDirectory: (path) => {
      const own = files[path];
      if (typeof own === 'object' && 'roots' in own) return own;
      const prefix = path.endsWith('/') ? path : `${path}/`;
      const names = new Set(
        Object.keys(files)
          .filter((file) => file.startsWith(prefix))
          .map((file) => file.slice(prefix.length).split('/')[0]!),
      );
      return names.size > 0 ? [...names].sort() : undefined;
    },
  };
}

/** The analysis of `text` with its files, as a rule test reads it. */
function analyzeText(text: string, options: TextOptions): Analysis {
  return analyze(text, {
    epochSeconds: EPOCH_SECONDS,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(options.files ? { files: memoryFiles(options.files) } : {}),
  });
}

/** Every diagnostic the runner reports for `text`, as the CLI and the editor get them. */
export function lintText(text: string, options: TextOptions = {}): Diagnostic[] {
  return lint(analyzeText(text, options), { rules: options.rules ?? {} });
}

/** The balancers whose previews Apache's refusals in `text` take away, as every view reads them. */
function refusedBalancers(text: string, options: TextOptions): string[] {
  const analysis = analyzeText(text, options);
  const marked = markRefusals(analysis, lint(analysis, { rules: options.rules ?? {} }));
  return marked.previews.filter((preview) => preview.refusal).map((preview) => preview.balancer.name);
}

/** The diagnostics of rule `ruleId` for `text`. */
export function findingsOf(ruleId: string, text: string, options: TextOptions = {}): Diagnostic[] {
  ruleById(ruleId);
  return lintText(text, options).filter((diagnostic) => diagnostic.ruleId === ruleId);
}

/** The longest message a finding may have (CONTRIBUTING.md "Adding a rule"): Apache's own words travel apart, in `apacheMessage`. */
export const MAX_MESSAGE_LENGTH = 120;

/**
 * Asserts that a message reads as CONTRIBUTING.md asks: one line of at most MAX_MESSAGE_LENGTH characters, one
 * sentence (no `. `, `; ` or `! ` between clauses outside quoted values; "e.g." is fine), and each
 * value quoted once (never `""x""`).
 */
export function assertReadableMessage(message: string): void {
  assert.ok(message.length <= MAX_MESSAGE_LENGTH, `${message.length} characters, more than ${MAX_MESSAGE_LENGTH}: ${message}`);
  assert.doesNotMatch(message, /[\n\r]/, `a message is one line: ${message}`);
  const prose = message.replace(/"[^"]*"/g, '"…"').replace(/\b(e\.g|i\.e)\./g, '$1');
  assert.doesNotMatch(prose, /[.;!?]\s/, `a message is one sentence: ${message}`);
  assert.doesNotMatch(message, /""[^"\s][^"]*""/, `a value is quoted once: ${message}`);
}

/** The text after applying a fix's edits (they never overlap). */
export function applyFix(text: string, fix: Fix): string {
  const edits = [...fix.edits].sort((a, b) => b.span.start - a.span.start);
  return edits.reduce((result, edit) => result.slice(0, edit.span.start) + edit.newText + result.slice(edit.span.end), text);
}

/** Asserts that rule `ruleId` flags exactly the marked spans of `marked`, with the expected messages, severity and fix. */
export function checkRule(ruleId: string, marked: string, expect: RuleExpect = {}): void {
  const rule = ruleById(ruleId);
  const { text, spans } = unmark(marked);
  const found = findingsOf(ruleId, text, expect);
  const format = (span: Span): string => `${span.start}:[[${text.slice(span.start, span.end)}]]`;
  const messages = found.map((finding) => finding.message).join('\n');
  assert.deepEqual(
    found.map((finding) => format(finding.span)),
    spans.map(format),
    messages,
  );
  const configured = expect.rules?.[ruleId];
  const severity = expect.severity ?? (configured === undefined || configured === 'off' ? rule.severity : configured);
  if (expect.each) assert.equal(expect.each.length, found.length, 'one `each` fragment per finding');
  if (expect.eachApache) assert.equal(expect.eachApache.length, found.length, 'one `eachApache` fragment per finding');
  found.forEach((finding, index) => {
    assert.equal(finding.severity, severity, `severity of: ${finding.message}`);
    // Lower-case prose; a directive's own name (BalancerGrowth, SSLProxyEngine) keeps its spelling.
    assert.match(
      finding.message,
      expect.capitalised ? /^[A-Z]/ : /^([a-z"<$`%\\]|[A-Z]+[a-z]*[A-Z]\w*\b)/,
      `a message starts lower-case: ${finding.message}`,
    );
    assert.doesNotMatch(finding.message, /\.$/, `a message has no trailing period: ${finding.message}`);
    assertReadableMessage(finding.message);
    for (const fragment of [...(expect.says ?? []), ...(expect.each ? [expect.each[index]!] : [])]) {
      assert.ok(finding.message.includes(fragment), `"${fragment}" missing from: ${finding.message}`);
    }
    for (const fragment of [
      ...(expect.apache === undefined ? [] : [expect.apache]),
      ...(expect.eachApache ? [expect.eachApache[index]!] : []),
    ])
      assert.ok(finding.apacheMessage?.includes(fragment), `"${fragment}" missing from Apache's words: ${finding.apacheMessage}`);
    for (const fragment of expect.never ?? []) assert.ok(!finding.message.includes(fragment), `"${fragment}" in: ${finding.message}`);
  });
  if (expect.noFix)
    assert.deepEqual(
      found.flatMap((finding) => finding.fixes ?? []),
      [],
      'no fix expected',
    );
  if (expect.fixed !== undefined || expect.safe !== undefined) {
    const fix = found[0]?.fixes?.[expect.fix ?? 0];
    assert.ok(fix, `no fix offered: ${messages}`);
    if (expect.fixed !== undefined) assert.equal(applyFix(text, fix), expect.fixed);
    if (expect.safe !== undefined) assert.equal(fix.safe, expect.safe);
  }
  if (expect.refuses) {
    assert.equal(rule.severity, 'error', '`refuses` is for a rule whose default severity is error');
    assert.deepEqual(refusedBalancers(text, expect), expect.refuses, 'the balancers Apache refuses');
  }
}

/**
 * One test per case, plus, on the first flagged case: the severity can be overridden and turned
 * off, and `# balancer-lens-disable <id>` above the text silences the rule without an
 * unused-suppression finding. `more` adds the rule's other tests to its describe block.
 */
export function ruleTable(ruleId: string, cases: readonly RuleCase[], more?: () => void): void {
  const rule = ruleById(ruleId);
  describe(`rule ${ruleId}`, () => {
    it('has at least one flagged case that checks its message', () => {
      assert.ok(
        cases.some(([marked, expect]) => marked.includes('[[') && (expect?.says || expect?.each)),
        'a table needs a flagged case with `says` or `each`',
      );
    });
    if (rule.severity === 'error')
      it('names the balancers its refusal takes the schedule from (`refuses`)', () => {
        assert.ok(
          cases.some(([, expect]) => expect?.refuses),
          'an error rule means Apache refuses: give `refuses` on one flagged case',
        );
      });
    for (const [marked, expect] of cases) {
      const flags = unmark(marked).spans.length > 0;
      it(`${flags ? 'flags' : 'passes'} ${show(marked)}`, () => checkRule(ruleId, marked, expect));
    }
    const first = cases.find(([marked]) => unmark(marked).spans.length > 0);
    if (first && ruleId !== 'unused-suppression') {
      const [marked, expect = {}] = first;
      const options: TextOptions = {
        ...(expect.path !== undefined ? { path: expect.path } : {}),
        ...(expect.files ? { files: expect.files } : {}),
      };
      const other: Severity = rule.severity === 'info' ? 'warning' : 'info';
      it(`reports at severity ${other} when configured so, and nothing when off`, () => {
        const { text, spans } = unmark(marked);
        const lowered = findingsOf(ruleId, text, { ...options, rules: { [ruleId]: other } });
        assert.deepEqual(
          lowered.map((finding) => finding.severity),
          spans.map(() => other),
        );
        assert.deepEqual(findingsOf(ruleId, text, { ...options, rules: { [ruleId]: 'off' } }), []);
      });
      it(`is silenced by "# balancer-lens-disable ${ruleId}"`, () => {
        const text = `# balancer-lens-disable ${ruleId} -- tested\n${unmark(marked).text}`;
        const found = lintText(text, options).filter((finding) => finding.ruleId === ruleId || finding.ruleId === 'unused-suppression');
        assert.deepEqual(
          found.map((finding) => `${finding.ruleId}: ${finding.message}`),
          [],
        );
      });
    }
    more?.();
  });
}

/** Counts the calls of each rule's `check`, for the length of `run`. */
export function countingChecks<T>(run: (calls: Map<string, number>) => T): T {
  const calls = new Map<string, number>();
  const originals = RULES.map((rule) => [rule, rule.check] as const);
  for (const [rule, check] of originals)
    (rule as { check: Rule['check'] }).check = (context) => {
      calls.set(rule.id, (calls.get(rule.id) ?? 0) + 1);
      return check.call(rule, context);
    };
  try {
    return run(calls);
  } finally {
    for (const [rule, check] of originals) (rule as { check: Rule['check'] }).check = check;
  }
}

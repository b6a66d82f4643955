/**
 * What a rule is and what it returns (CONTRIBUTING.md "Adding a rule").
 *
 * Adding a rule is its own file (exporting `rule`) and its test table; `npm run docs` registers it
 * (the `RuleId` union in core/rule-ids.ts, the `RULES` list in ./index) and renders its page:
 * - A rule that finds its problem itself walks `context.analysis` (the tree, the model) and returns
 *   findings.
 * - A refusal the reader or the handlers already find while reading is tagged there with the id of
 *   the rule that reports it (`report(ruleId, …)` in syntax/parser.ts, `problem(ruleId, …)` in
 *   model/build.ts); the rule takes its problems with `syntaxProblems`/`modelProblems(analysis,
 *   id)` from ./shared and words them. Never route on a problem's message or keep a list of keys
 *   other rules handle: tag the problem with the right id where it arises instead.
 * - What the lint runner does beyond running rules is declared on the rule and never keyed by id:
 *   `standsInFor` (its finding explains others, which are then hidden), `reviewsSuppressions` (it
 *   runs after suppressions, with what they silenced), `marksIncomplete` (its findings mean the
 *   run did not see the whole configuration: the CLI exits 2), `ignoresValues` (its findings
 *   stand after an edit of a parameter's value alone), `readsComments` (its findings do not stand
 *   after an edit of comments alone).
 * - Severity is the rule's default, changed by the user's settings in one place (core/lint.ts); a
 *   rule whose default is error means Apache refuses the configuration (preview-facts.ts).
 */
import type { Analysis } from '../analysis';
import type { Span } from '../span';
import type { Suppression } from '../suppressions';
import type { RuleId } from '../rule-ids';

/** How much a finding matters: error = Apache refuses; warning = accepted but misbehaves; info = worth knowing. */
export type Severity = 'error' | 'warning' | 'info';

/** Replace `span` of the document with `newText`. */
export interface TextEdit {
  readonly span: Span;
  readonly newText: string;
}

/** A fix offered with a finding. */
export interface Fix {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  /** Keeps what the admin meant, so `--fix` may apply it unattended. */
  readonly safe: boolean;
}

/** Another place that explains a finding (the other member of a duplicate pair, the balancer's definition…). */
export interface Related {
  readonly span: Span;
  readonly message: string;
}

/** What a rule reports; the runner adds the rule id and the configured severity. */
export interface RuleFinding {
  readonly span: Span;
  /** One sentence, at most 120 characters: what is wrong and what to write instead. */
  readonly message: string;
  /** Apache's own words for this refusal or warning, exactly as it prints them, when it prints any. */
  readonly apacheMessage?: string;
  readonly fixes?: readonly Fix[];
  readonly related?: readonly Related[];
}

/** A rule's documentation, rendered into the README and checked by tests. */
export interface RuleDocs {
  /** One line for the rules table. */
  readonly summary: string;
  /** Why it matters, in a sentence or two. */
  readonly why: string;
}

/**
 * A rule's examples, exported beside it as `examples` (RULE_EXAMPLES in ./examples gathers them):
 * rendered into its page and checked by tests, and left out of the bundle, which never imports them.
 */
export interface RuleExamples {
  /** A configuration that must be flagged. */
  readonly bad: string;
  /** The same configuration, fixed: it must not be flagged. */
  readonly good: string;
}

/** Everything a rule may look at: this document and the documents linted with it. */
export interface RuleContext {
  readonly analysis: Analysis;
  /**
   * Every file of the lint run, this one included (just this one when it is linted alone), for
   * cross-file references. The same array for every file of a run, so a rule can index it once
   * (see `runIndex`) instead of once per file, which would be quadratic in the files.
   */
  readonly run: readonly Analysis[];
  /** What the file's suppressions silenced; given only to a rule that `reviewsSuppressions`. */
  readonly suppressions?: SuppressionReview;
}

/** A file's suppression comments after the lint runner applied them. */
export interface SuppressionReview {
  readonly suppressions: readonly Suppression[];
  /** Whether the suppression at `index` silenced a finding of rule `id`. */
  hasSilenced(index: number, id: string): boolean;
  /** The configured severity of rule `id` ('off' when turned off), or undefined when no rule has that id. */
  severityOf(id: string): Severity | 'off' | undefined;
}

/** One check, in one file named by its id. */
export interface Rule {
  /** Kebab-case, equal to the file name; public API: never rename. */
  readonly id: RuleId;
  readonly severity: Severity;
  readonly docs: RuleDocs;
  check(context: RuleContext): readonly RuleFinding[];
  /**
   * When one of this rule's findings is among a file's findings, the findings the returned test
   * selects are hidden: this rule's finding explains them. Its own findings are never hidden.
   */
  readonly standsInFor?: (analysis: Analysis) => (diagnostic: Diagnostic) => boolean;
  /** Runs after suppressions are applied, with `context.suppressions`; its findings are neither suppressed nor stood in for. */
  readonly reviewsSuppressions?: true;
  /** Its findings mean the run did not read the whole configuration, so the CLI exits as incomplete, whatever their severity. */
  readonly marksIncomplete?: true;
  /**
   * Its findings do not hang on the values of `BalancerMember` and `ProxySet` parameters (`loadfactor=5`,
   * `status=+H`): it reads no member's or balancer's settings, previews, problems or parameter values.
   * After an edit of such a value alone (syntax/value-edit.ts), the runner moves its earlier findings
   * instead of running it again. test/unit/rules/value-edits.test.ts holds every rule that says so to it.
   */
  readonly ignoresValues?: true;
  /**
   * Its findings hang on comments or on the text between lines (template marks, comment continuations).
   * After an edit of comments and blank text alone (syntax/value-edit.ts), the runner moves the earlier
   * findings of every other rule instead of running it again. test/unit/rules/comment-edits.test.ts
   * holds every rule that does not say so to it.
   */
  readonly readsComments?: true;
}

/** A finding with its rule and effective severity. */
export interface Diagnostic extends RuleFinding {
  readonly ruleId: string;
  readonly severity: Severity;
}

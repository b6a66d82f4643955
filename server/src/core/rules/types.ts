/** What a rule is and what it returns (STYLE.md "Rules"). */
import type { Analysis } from '../analysis';
import type { Span } from '../span';

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
  readonly message: string;
  readonly fixes?: readonly Fix[];
  readonly related?: readonly Related[];
}

/** A rule's documentation, rendered into the README and checked by tests. */
export interface RuleDocs {
  /** One line for the rules table. */
  readonly summary: string;
  /** Why it matters, in a sentence or two. */
  readonly why: string;
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
}

/** One check, in one file named by its id. */
export interface Rule {
  /** Kebab-case, equal to the file name; public API: never rename. */
  readonly id: string;
  readonly severity: Severity;
  readonly docs: RuleDocs;
  check(context: RuleContext): Iterable<RuleFinding>;
}

/** A finding with its rule and effective severity. */
export interface Diagnostic extends RuleFinding {
  readonly ruleId: string;
  readonly severity: Severity;
}

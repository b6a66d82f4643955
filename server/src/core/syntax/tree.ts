/** The syntax tree: what Apache's read phase builds from one file (docs/apache-semantics.md, ap_build_config_sub). */
import type { RuleId } from '../rule-ids';
import type { Span } from '../span';
import type { MappedText } from './lines';
import type { Word } from './words';

/** One directive line, after continuation, trimming and `${VAR}` substitution. */
export interface Directive {
  readonly kind: 'directive';
  /** The name as written, with one trailing `>` removed unless it starts with `</`. */
  readonly name: string;
  readonly nameSpan: Span;
  /** The argument text handlers receive (RAW_ARGS), mapped back to the document. */
  readonly argText: MappedText;
  /** `argText` split by `ap_getword_conf`. */
  readonly args: readonly Word[];
  /** The trimmed logical line. */
  readonly span: Span;
  /** Offset of the logical line's last physical line: Apache reports errors on that line. */
  readonly lineAt: number;
  /** For a followed `Include`: the files it read, whose nodes stand at its place in walk order. */
  readonly included?: readonly IncludedFile[];
  /** For a `Use` that mod_macro expanded: the macro and the lines read in its place. */
  readonly expansion?: MacroExpansion;
  /** For a line read from a macro expansion: the `<Macro>` body line it was expanded from. */
  readonly macroLine?: Span;
}

/** What a `Use` line expanded to. */
export interface MacroExpansion {
  /** Lower-cased, as Apache stores it. */
  readonly macro: string;
  /** The `<Macro>` line that defined it. */
  readonly defined: Span;
  /** The lines read in the `Use` line's place, parameters substituted (`${VAR}` not yet). */
  readonly lines: readonly string[];
}

/** A file an `Include` read. */
export interface IncludedFile {
  readonly path: string;
  readonly nodes: readonly Node[];
}

/** A file's place in the virtual text of a configuration. */
export interface SourceFile {
  /** Absolute path, or '' for a text without one (an unsaved buffer, stdin). */
  readonly path: string;
  readonly start: number;
  readonly length: number;
}

/** The outcome of a read-time test (`<IfModule>`, `<IfDefine>`, …). */
export interface Condition {
  readonly active: boolean;
  /** The answer could not be known from the configuration, so the documented default was used. */
  readonly assumed: boolean;
}

/** A `<Name …>` … `</Name>` block. Read-time conditionals keep their node but are spliced for walking. */
export interface Section {
  readonly kind: 'section';
  readonly open: Directive;
  /** The section name without `<`, as written (`Proxy`, `proxy`, `IfModule`). */
  readonly name: string;
  /** The opening line's arguments up to its last `>`, as container handlers read them. */
  readonly args: readonly Word[];
  /** False when the opening line has no `>` at all. */
  readonly hasBracket: boolean;
  /** Text after the last `>`, which Apache silently ignores. */
  readonly ignoredText: Span | undefined;
  readonly children: readonly Node[];
  readonly close: Directive | undefined;
  readonly condition: Condition | undefined;
  /** From the opening line to the closing line (or the last child when unclosed). */
  readonly span: Span;
}

/** A node of the tree. */
export type Node = Directive | Section;

/** Closed set of problems found while reading. */
export type SyntaxProblem =
  | 'unclosed-section'
  | 'unmatched-close'
  | 'mismatched-close'
  | 'close-missing-bracket'
  | 'unclosed-conditional'
  | 'skipped-block-mismatch'
  | 'skipped-block-unclosed'
  | 'missing-arguments'
  | 'invalid-version'
  | 'invalid-define'
  | 'define-arguments'
  | 'undefined-variable'
  | 'include-arguments'
  | 'include-failed'
  | 'include-limit'
  | 'include-outside-roots'
  | 'server-root'
  | 'load-module-arguments'
  | 'load-module-file'
  | 'load-module-symbol'
  | 'load-module-unchecked'
  | 'macro';

/** A problem found while reading, with Apache's own words where Apache has them. */
export interface SyntaxDiagnostic {
  /** The rule that reports it, decided where the reader finds it. */
  readonly ruleId: RuleId;
  readonly problem: SyntaxProblem;
  readonly span: Span;
  readonly message: string;
  /** True when Apache refuses the configuration because of it. */
  readonly refused: boolean;
}

/** What reading a file produced. */
export interface SyntaxTree {
  /** The virtual text: every file read, in reading order, one newline apart (just the file when alone). */
  readonly text: string;
  /** Where each file sits in `text`; the first is the file read first. */
  readonly files: readonly SourceFile[];
  readonly nodes: readonly Node[];
  /** Comment lines (after trimming, starting with `#`), for folding and suppressions. */
  readonly comments: readonly Span[];
  readonly diagnostics: readonly SyntaxDiagnostic[];
  /** Modules loaded by the end of the file (identifiers and file names), or undefined when it has no `LoadModule`. */
  readonly loadedModules: ReadonlySet<string> | undefined;
  /** An `Include` could not be followed (no file access): part of the configuration lives elsewhere. */
  readonly unfollowedInclude: boolean;
  /** Apache's whole environment was given (ReadOptions.environmentIsComplete): an unresolved `${VAR}` stays literal for certain. */
  readonly environmentIsComplete: boolean;
}

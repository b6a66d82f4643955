/**
 * What reading knows and keeps while it reads one configuration: the options it is given, and
 * Apache's read-time state shared by every file the configuration includes.
 */
import { asciiLower } from '../ascii';
import type { Span } from '../span';
import { DEFAULT_READ_LIMITS, directoryOf, FileAccess, IncludeBudget, ReadLimits } from './includes';
import type { Macro } from './macros';
import type { SourceFile, SyntaxDiagnostic, SyntaxProblem } from './tree';
import type { RuleId } from '../rule-ids';
import { MAX_POOLED, ValuePool, type Word } from './words';

/** What reading may know beyond the file itself. */
export interface ReadOptions {
  /** Names given as `apache2 -D NAME`. */
  readonly defines?: readonly string[];
  /** Variables from outside the files (--env-file, --define, the process environment only when asked), the fallback for `${VAR}` after `Define`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /**
   * The environment given is all Apache will see (an env file was read: --env-file, Debian's
   * envvars), so a `${VAR}` that neither a `Define` nor it sets is certainly undefined.
   */
  readonly environmentIsComplete?: boolean;
  /** The file's absolute path, when it has one. */
  readonly path?: string;
  /** Where relative includes start until a `ServerRoot` directive says otherwise; default: the file's directory. */
  readonly serverRoot?: string;
  /** When given, `Include` and `IncludeOptional` are followed through it. */
  readonly files?: FileAccess;
  /** How much following includes may read; default DEFAULT_READ_LIMITS. */
  readonly limits?: ReadLimits;
  /**
   * Called every CHECKPOINT_LINES lines and before each included file, and by the analysis and the
   * linter between their steps: it may throw to stop long work (the CLI's `--max-time` does), and
   * the throw passes through. The core keeps no clock; the edge decides.
   */
  readonly checkpoint?: () => void;
}

/**
 * Lines all `Use` expansions of one configuration may add, at most. Apache has no such limit, but a
 * line costs this process about a kilobyte (node, words, pieces), far more than its bytes: macros
 * that use the previous one twice reach 2^30 lines from 1.5 KB of text, past any size budget.
 */
export const MAX_EXPANDED_LINES = 50_000;

/** Apache's read-time state, shared by every file of one configuration. */
export class ReadState {
  readonly comments: Span[] = [];
  readonly diagnostics: SyntaxDiagnostic[] = [];
  readonly variables = new Map<string, string>();
  readonly flags: Set<string>;
  readonly environment: Readonly<Record<string, string | undefined>>;
  readonly access: FileAccess | undefined;
  readonly limits: ReadLimits;
  readonly budget: IncludeBudget;
  readonly sources: SourceFile[] = [];
  readonly texts: string[] = [];
  /** The files being read, outermost first, to catch include cycles. */
  readonly chain: string[] = [];
  serverRoot: string;
  sawLoadModule = false;
  /** mod_macro's macros by lower-case name; undefined until the first `<Macro>` (Apache's "no macro defined before Use"). */
  macros: Map<string, Macro> | undefined;
  unfollowedInclude = false;
  readonly checkpoint: () => void;
  /** Lines read since the last checkpoint. */
  linesSinceCheckpoint = 0;
  /** Characters `${VAR}` substitution may still add to the configuration: as many as its size limit. */
  expansionLeft: number;
  /** Lines `Use` expansions may still add (MAX_EXPANDED_LINES in all). */
  expandedLinesLeft = MAX_EXPANDED_LINES;
  private length = 0;
  /** Directive names as written, each kept once with its lower case: a tree repeats a few names thousands of times. */
  private readonly names = new Map<string, DirectiveName>();
  /** Argument values, each kept once: members repeat the same `route=`, `loadfactor=`, `status=` words. */
  readonly values = new ValuePool();

  constructor(
    options: ReadOptions,
    readonly modules: Set<string> | undefined,
  ) {
    this.flags = new Set(options.defines ?? []);
    this.environment = options.environment ?? {};
    this.access = options.files;
    this.limits = options.limits ?? DEFAULT_READ_LIMITS;
    this.budget = { left: this.limits.includes, directoryDepth: this.limits.directoryDepth };
    this.expansionLeft = this.limits.size;
    this.checkpoint = options.checkpoint ?? (() => undefined);
    this.serverRoot = options.serverRoot ?? (options.path ? directoryOf(options.path) : '/');
  }

  /** Gives a file its place in the virtual text and returns its first offset. */
  place(path: string, text: string): number {
    const start = this.length === 0 && this.texts.length === 0 ? 0 : this.length + 1;
    this.sources.push({ path, start, length: text.length });
    this.texts.push(text);
    this.length = start + text.length;
    return start;
  }

  /** Records a problem found while reading, tagged with the rule that reports it. */
  report(ruleId: RuleId, problem: SyntaxProblem, span: Span, message: string, refused = true): void {
    this.diagnostics.push({ ruleId, problem, span, message, refused });
  }

  /**
   * Runs a `Define` or `UnDefine` line (TAKE12 and TAKE1: one or two words, the first not empty; an
   * empty second word counts as none): the problem when Apache refuses it, which then does nothing.
   */
  define(name: 'define' | 'undefine', args: readonly Word[]): 'define-arguments' | 'invalid-define' | undefined {
    const first = args[0]?.value ?? '';
    if (first === '' || args.length > (name === 'define' ? 2 : 1)) return 'define-arguments';
    if (first.includes(':')) return 'invalid-define';
    if (name === 'undefine') {
      this.flags.delete(first);
      this.variables.delete(asciiLower(first));
      return undefined;
    }
    this.flags.add(first);
    const value = args[1]?.value;
    if (value) this.variables.set(asciiLower(first), value);
    return undefined;
  }

  /** Whether a file of `length` characters still fits in the configuration's size limit. */
  fits(length: number): boolean {
    return this.length + 1 + length <= this.limits.size;
  }

  /** The shared copy of a name as written, and its lower case. */
  name(written: string): DirectiveName {
    if (written.length > MAX_POOLED) return { written, lower: asciiLower(written) };
    let name = this.names.get(written);
    if (!name) {
      name = { written, lower: asciiLower(written) };
      this.names.set(written, name);
    }
    return name;
  }

  get text(): string {
    return this.texts.length === 1 ? this.texts[0]! : this.texts.join('\n');
  }
}

interface DirectiveName {
  readonly written: string;
  readonly lower: string;
}

/** A size for people: MB (of 1,048,576 bytes) from one MB up, KB below. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

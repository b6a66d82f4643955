/**
 * mod_rewrite in server and virtual-host context, for one request: the RewriteRule lines of the
 * server in order with their RewriteCond lines, patterns tried on the decoded path, `$N`, `%N` and
 * `%{…}` substituted, and the flags that decide what happens next (P, R, F, G, PT, L, NC, QSA, QSD).
 */
import { asciiLower } from '../ascii';
import { atoi } from '../model/cvalues';
import { type ConditionTest, conditionTest, rewriteArguments } from '../syntax/rewrite-words';
import type { Directive } from '../syntax/tree';
import type { ClientRequest, TraceStep } from './request';
import { headerValue } from './request';
import type { RegexMatch } from '../regex';
import { matchPattern } from './patterns';
import { isSpaceOrControl } from './uri';
import type { Line } from './servers';

/** What the rules did: nothing, or the rule that decided and its outcome. */
export type RewriteOutcome =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'proxy';
      readonly url: string;
      readonly query: string | undefined;
      readonly rule: Directive;
      /** `[NE]`: mod_proxy sends the URL as it is (proxy-nocanon), the query string appended. */
      readonly noescape: boolean;
    }
  | { readonly kind: 'redirect'; readonly status: number; readonly url: string; readonly rule: Directive }
  | { readonly kind: 'status'; readonly status: number; readonly rule: Directive }
  /** Rewritten to a local path: served from the file system (or, with PT, mapped again). */
  | {
      readonly kind: 'path';
      readonly uri: string;
      readonly query: string | undefined;
      readonly passThrough: boolean;
      readonly rule: Directive;
    };

interface Condition {
  readonly directive: Directive;
  /** The test string, before `%{…}`, `$N` and `%N` are replaced. */
  readonly input: string;
  readonly test: ConditionTest;
  readonly nocase: boolean;
  readonly or: boolean;
}

/** What `%{NAME}` stands for in a request; undefined for a variable the model does not know. */
interface Variables {
  readonly request: ClientRequest;
  readonly uri: string;
  readonly serverName: string;
}

/**
 * Runs the server's rules on `uri`. `lines` are the server's own lines outside sections (and the
 * main server's first when the virtual host inherits them).
 */
export function runRewrite(
  lines: readonly Line[],
  request: ClientRequest,
  uri: string,
  serverName: string,
  steps: TraceStep[],
): RewriteOutcome {
  let conditions: Condition[] = [];
  let current = uri;
  let query = request.query;
  let changed: Directive | undefined;
  let passThrough = false;
  for (const line of lines) {
    if (line.name !== 'rewritecond' && line.name !== 'rewriterule') continue;
    // A line Apache refuses (no second word) never runs.
    const read = readLine(line.directive);
    if (line.name === 'rewritecond') {
      if (!read) continue;
      const { flags } = read;
      conditions.push({
        directive: line.directive,
        input: read.first,
        test: conditionTest(read.first, read.second),
        nocase: flags.has('nc') || flags.has('nocase'),
        or: flags.has('or') || flags.has('ornext'),
      });
      continue;
    }
    const ruleConditions = conditions;
    conditions = [];
    if (!read) continue;
    const { first: patternText, second: substitution, flags } = read;
    const negated = patternText.startsWith('!');
    const match = matchPattern(
      negated ? patternText.slice(1) : patternText,
      current,
      flags.has('nc') || flags.has('nocase'),
      steps,
      line.directive.span,
    );
    if (negated ? match : !match) continue;
    const vars: Variables = { request: { ...request, query }, uri: current, serverName };
    const conditionGroups = checkConditions(ruleConditions, match ?? null, vars, steps);
    if (!conditionGroups.ok) continue;
    const rule = line.directive;
    steps.push({ what: `RewriteRule ${patternText} matches ${current}`, span: rule.span });
    const status = statusFlag(flags);
    if (status !== undefined) return { kind: 'status', status, rule };
    if (substitution !== '-') {
      const substituted = substitute(substitution, match ?? null, conditionGroups.match, vars, { escape: backrefEscaping(flags) });
      const [path, newQuery] = splitQuery(substituted);
      const keepQuery = flags.has('qsa') || flags.has('qsappend');
      const base = flags.has('qsd') || flags.has('qsdiscard') ? undefined : query;
      const nextQuery =
        newQuery === undefined
          ? base
          : keepQuery && base !== undefined && base !== ''
            ? `${newQuery}&${base}`
            : newQuery === ''
              ? undefined
              : newQuery;
      if (flags.has('p') || flags.has('proxy'))
        return { kind: 'proxy', url: path, query: nextQuery, rule, noescape: flags.has('ne') || flags.has('noescape') };
      const redirect = redirectFlag(flags);
      if (redirect !== undefined)
        return { kind: 'redirect', status: redirect, url: nextQuery === undefined ? path : `${path}?${nextQuery}`, rule };
      current = path;
      query = nextQuery;
      changed = rule;
      passThrough ||= flags.has('pt') || flags.has('passthrough');
    }
    if (flags.has('l') || flags.has('last') || flags.has('end')) break;
  }
  return changed ? { kind: 'path', uri: current, query, passThrough, rule: changed } : { kind: 'none' };
}

/** A RewriteRule's or RewriteCond's words and flags, as every request reads them. */
interface RewriteLine {
  readonly first: string;
  readonly second: string;
  readonly flags: ReadonlyMap<string, string>;
}

const READ_LINES = new WeakMap<Directive, RewriteLine | null>();

/** A line's words and flags, read once per (frozen) directive, not once per request; undefined for a line Apache refuses. */
function readLine(directive: Directive): RewriteLine | undefined {
  let read = READ_LINES.get(directive);
  if (read === undefined) {
    const words = rewriteArguments(directive);
    read = words ? { first: words.first.value, second: words.second.value, flags: flagsOf(words.flags?.value) } : null;
    READ_LINES.set(directive, read);
  }
  return read ?? undefined;
}

/** The flags of a `[A,B=c]` word, by lower-case name; mod_rewrite trims the spaces around each (`[L, P]`). */
export function flagsOf(text: string | undefined): Map<string, string> {
  const flags = new Map<string, string>();
  const inner = text?.replace(/^\[|\]$/g, '') ?? '';
  for (const piece of inner.split(',')) {
    const flag = piece.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
    if (flag === '') continue;
    const eq = flag.indexOf('=');
    flags.set(asciiLower(eq < 0 ? flag : flag.slice(0, eq)), eq < 0 ? '' : flag.slice(eq + 1));
  }
  return flags;
}

function statusFlag(flags: ReadonlyMap<string, string>): number | undefined {
  if (flags.has('f') || flags.has('forbidden')) return 403;
  if (flags.has('g') || flags.has('gone')) return 410;
  return undefined;
}

function redirectFlag(flags: ReadonlyMap<string, string>): number | undefined {
  const value = flags.get('r') ?? flags.get('redirect');
  if (value === undefined) return undefined;
  if (value === '') return 302;
  if (asciiLower(value) === 'permanent') return 301;
  if (asciiLower(value) === 'temp') return 302;
  if (asciiLower(value) === 'seeother') return 303;
  return Number(value);
}

/**
 * Whether the conditions hold, and the last regex condition's match for `%N`, as
 * apply_rewrite_rule tries them: a false condition fails the rule unless it has [OR], and a true one
 * with [OR] skips the rest of its chain (the conditions up to and including the next one without
 * [OR]), which are then not tried at all. So a chain that ends the list false still holds.
 */
function checkConditions(
  conditions: readonly Condition[],
  ruleMatch: RegexMatch | null,
  vars: Variables,
  steps: TraceStep[],
): { ok: boolean; match: RegexMatch | null } {
  let last: RegexMatch | null = null;
  for (let index = 0; index < conditions.length; index++) {
    const condition = conditions[index]!;
    const result = testCondition(
      condition,
      () => substitute(condition.input, ruleMatch, last, vars, { steps, at: condition.directive }),
      steps,
    );
    if (result.match) last = result.match;
    if (!condition.or) {
      if (!result.ok) return { ok: false, match: last };
    } else if (result.ok) while (index < conditions.length && conditions[index]!.or) index++;
  }
  return { ok: true, match: last };
}

/** Whether one condition holds (apply_rewrite_cond), with its match when it is a regex that matched. */
function testCondition(condition: Condition, input: () => string, steps: TraceStep[]): { ok: boolean; match: RegexMatch | null } {
  const { test, directive } = condition;
  let ok = false;
  let match: RegexMatch | null = null;
  switch (test.kind) {
    case 'expr':
      steps.push({ what: `assumes the expression ${test.operand} is false (RewriteCond expr is not evaluated)`, span: directive.span });
      break;
    case 'file':
      steps.push({ what: `assumes ${input()} does not exist on the file system (${test.operator})`, span: directive.span });
      break;
    case 'subrequest':
      steps.push({ what: `assumes the sub-request for ${input()} fails (${test.operator})`, span: directive.span });
      break;
    case 'integer':
      ok = compared(atoi(input()) - atoi(test.operand), test.operator);
      break;
    case 'string': {
      const value = input();
      // NC compares as strcasecmp does; without it `<` and `>` compare the lengths first (compare_lexicography).
      if (test.operator === '=') ok = condition.nocase ? asciiLower(value) === asciiLower(test.operand) : value === test.operand;
      else
        ok = compared(
          condition.nocase ? byteOrder(asciiLower(value), asciiLower(test.operand)) : lexicography(value, test.operand),
          test.operator,
        );
      break;
    }
    case 'regex':
      match = matchPattern(test.operand, input(), condition.nocase, steps, directive.span);
      ok = match !== null;
  }
  return { ok: test.negated ? !ok : ok, match: test.negated ? null : match };
}

function compared(order: number, operator: '<' | '<=' | '=' | '>=' | '>'): boolean {
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '=':
      return order === 0;
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
  }
}

const UTF8 = new TextEncoder();

/** The order of two strings' UTF-8 bytes, as strcmp gives it. */
function byteOrder(a: string, b: string): number {
  return bytesOrder(UTF8.encode(a), UTF8.encode(b));
}

function bytesOrder(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** mod_rewrite's compare_lexicography: the longer string (in bytes) is the greater; equal lengths compare byte by byte. */
function lexicography(a: string, b: string): number {
  const left = UTF8.encode(a);
  const right = UTF8.encode(b);
  return left.length === right.length ? bytesOrder(left, right) : left.length - right.length;
}

/**
 * `$N`, `%N` and `%{VAR}` replaced in `text`; `escape`, a rule's [B], applies to the back-references,
 * and a variable the model does not know is said in `steps`, on the line `at`.
 */
function substitute(
  text: string,
  ruleMatch: RegexMatch | null,
  conditionMatch: RegexMatch | null,
  vars: Variables,
  {
    steps,
    at,
    escape = (value) => value,
  }: { readonly steps?: TraceStep[]; readonly at?: Directive; readonly escape?: ((value: string) => string) | undefined } = {},
): string {
  return text.replace(
    /\\(.)|\$(\d)|%(\d)|%\{([^}]*)\}/g,
    (whole, escaped: string | undefined, rule: string | undefined, cond: string | undefined, name: string | undefined) => {
      if (escaped !== undefined) return escaped;
      if (rule !== undefined) return escape(ruleMatch?.[Number(rule)] ?? '');
      if (cond !== undefined) return escape(conditionMatch?.[Number(cond)] ?? '');
      const value = variable(name ?? '', vars);
      if (value === undefined) {
        steps?.push({ what: `assumes %{${name}} is empty`, span: at?.span });
        return '';
      }
      return value;
    },
  ) as string;
}

/**
 * mod_rewrite's escape_backref for a rule with `B` (`B=chars` only those), `BNE=chars` (never those),
 * `BNP` (a space as %20, not `+`) and `BCTLS` (only controls and spaces): a selected byte stays when
 * it is a letter, a digit or `_`, and is written `%xx` (lower-case hex) otherwise. Undefined without B.
 */
function backrefEscaping(flags: ReadonlyMap<string, string>): ((value: string) => string) | undefined {
  const ctls = flags.has('bctls');
  if (!ctls && !flags.has('b') && !flags.has('backrefescaping')) return undefined;
  const escapes = flags.get('b') || flags.get('backrefescaping') || undefined;
  const noescapes = flags.get('bne') || undefined;
  const noplus = flags.has('bnp') || flags.has('backrefernoplus');
  const selected = (byte: number): boolean =>
    (ctls ? isSpaceOrControl(byte) : escapes === undefined || escapes.includes(String.fromCharCode(byte))) &&
    (noescapes === undefined || !noescapes.includes(String.fromCharCode(byte)));
  return (value) => {
    let out = '';
    // A decoded path holds one character per byte; a wider character came unencoded and is its UTF-8 bytes.
    for (const char of value) {
      const bytes = char.charCodeAt(0) < 0x100 && char.length === 1 ? [char.charCodeAt(0)] : [...UTF8.encode(char)];
      for (const byte of bytes) {
        if (!selected(byte) || /[A-Za-z0-9_]/.test(String.fromCharCode(byte))) out += String.fromCharCode(byte);
        else if (byte === 0x20 && !noplus) out += '+';
        else out += `%${byte.toString(16).padStart(2, '0')}`;
      }
    }
    return out;
  };
}

function variable(name: string, vars: Variables): string | undefined {
  const upper = name.toUpperCase();
  if (upper.startsWith('HTTP:')) return headerValue(vars.request, name.slice(5)) ?? '';
  switch (upper) {
    case 'REQUEST_URI':
    case 'REQUEST_FILENAME':
    case 'SCRIPT_FILENAME':
      return vars.uri;
    case 'QUERY_STRING':
      return vars.request.query ?? '';
    case 'REQUEST_METHOD':
      return vars.request.method;
    case 'HTTP_HOST':
      return headerValue(vars.request, 'host') ?? '';
    case 'HTTP_USER_AGENT':
      return headerValue(vars.request, 'user-agent') ?? '';
    case 'HTTP_COOKIE':
      return headerValue(vars.request, 'cookie') ?? '';
    case 'HTTP_REFERER':
      return headerValue(vars.request, 'referer') ?? '';
    case 'HTTPS':
      return vars.request.scheme === 'https' ? 'on' : 'off';
    case 'REQUEST_SCHEME':
      return vars.request.scheme;
    case 'SERVER_PORT':
      return String(vars.request.port);
    case 'SERVER_NAME':
      return vars.serverName;
    case 'THE_REQUEST':
      return `${vars.request.method} ${vars.request.path}${vars.request.query === undefined ? '' : `?${vars.request.query}`} HTTP/1.1`;
    default:
      return undefined;
  }
}

function splitQuery(url: string): [string, string | undefined] {
  const mark = url.indexOf('?');
  return mark < 0 ? [url, undefined] : [url.slice(0, mark), url.slice(mark + 1)];
}

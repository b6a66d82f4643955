import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { pcreError } from '../pcre';
import { thousands } from '../thousands';
import { type Action, TERMINALS, type Terminal, tables } from './grammar';
import { Scanner, type Token } from './scan';

/**
 * Whether Apache 2.4's ap_expr_parse accepts a boolean expression (`ProxyHCExpr`, `<If>`, `Require
 * expr`, …), and if not, its words. The tokens come from the scanner, the parse follows bison's
 * tables step by step (default reductions included, so an error is found where Apache finds it),
 * and the reductions make the lookups Apache's actions make: variables, functions and operators
 * by name, and each regular expression compiled by PCRE2. Not modelled: the address check of
 * `-R`/`-ipmatch` on a constant (apr_ipsubnet_create), and names other modules add (only
 * mod_proxy_hcheck's and mod_ssl's are known). Each step shifts a token or reduces the stack, so
 * the work is linear in the expression's length; nothing here throws on any input.
 */

/** The modules that add names to ap_expr's lookups; true when loaded or when the configuration does not say. */
export interface ExprModules {
  /** mod_proxy_hcheck: `%{HC_…}` variables and `hc()`. */
  readonly hcheck: boolean;
  /** mod_ssl: `%{SSL_…}` variables, `SSL()` and `PeerExtList()`. */
  readonly ssl: boolean;
}

/** Why Apache refuses an expression: its words (ap_expr_parse's result), and ours. */
export interface ExprError {
  readonly message: string;
  /** What is wrong, in our words: one phrase, the user's text quoted once. */
  readonly reason: string;
  /** flex found no rule for a character and ended Apache itself: `message` is all Apache prints, with no line. */
  readonly jammed?: boolean;
}

/** Apache's words and ours for one problem. */
interface Words {
  readonly message: string;
  readonly reason: string;
}

/** util_expr_eval.c's variable names (misc, request headers, request, connection), matched without case. */
const VARIABLES = new Set(
  [
    'TIME_YEAR TIME_MON TIME_DAY TIME_HOUR TIME_MIN TIME_SEC TIME_WDAY TIME SERVER_SOFTWARE API_VERSION',
    'HTTP_USER_AGENT HTTP_PROXY_CONNECTION HTTP_REFERER HTTP_COOKIE HTTP_FORWARDED HTTP_HOST HTTP_ACCEPT',
    'REQUEST_METHOD REQUEST_SCHEME REQUEST_URI REQUEST_FILENAME REMOTE_HOST REMOTE_IDENT REMOTE_USER SERVER_ADMIN',
    'SERVER_NAME SERVER_PORT SERVER_PROTOCOL SCRIPT_FILENAME PATH_INFO QUERY_STRING IS_SUBREQ DOCUMENT_ROOT AUTH_TYPE',
    'THE_REQUEST CONTENT_TYPE HANDLER REQUEST_LOG_ID SCRIPT_USER SCRIPT_GROUP DOCUMENT_URI LAST_MODIFIED',
    'CONTEXT_PREFIX CONTEXT_DOCUMENT_ROOT REQUEST_STATUS REMOTE_ADDR REMOTE_PORT',
    'HTTPS IPV6 CONN_LOG_ID CONN_REMOTE_ADDR HTTP2',
  ]
    .join(' ')
    .split(' '),
);
/** Its string functions, matched without case. */
const FUNCTIONS = new Set(
  'osenv env resp req http note reqenv req_novary tolower toupper escape unescape file filesize base64 unbase64 sha1 md5 ldap'.split(' '),
);
/** Its unary operators, matched with case; `R` takes a constant address. */
const UNARY = new Set('n z R T d e f s L h x F U A'.split(' '));
/** Its binary operators, matched without case; `ipmatch` takes a constant address. */
const BINARY = new Set(['ipmatch', 'fnmatch', 'strmatch', 'strcmatch']);

/** bison's YYERROR_VERBOSE_ARGS_MAXIMUM: with more expected tokens than this less one, none are listed. */
const MOST_LISTED = 4;

/** bison's YYMAXDEPTH: a parse that needs this many stack entries stops with "memory exhausted". */
const MAX_DEPTH = 10_000;
const EXHAUSTED: Words = {
  message: 'memory exhausted',
  reason: `the expression nests deeper than Apache parses (${thousands(MAX_DEPTH)} levels)`,
};

/** A semantic value: a token's text, and the string when the value is one constant string (op_String). */
interface Value {
  readonly text: string;
  readonly constant?: string;
}

/** Apache's verdict on a boolean expression: undefined when ap_expr_parse accepts it. */
export function exprError(expression: string, modules: ExprModules): ExprError | undefined {
  const { states, rules } = tables();
  const scanner = new Scanner(expression);
  const stack: number[] = [0];
  const values: Value[] = [];
  /** ctx->error2: the scanner's and the lookups' words; a later one replaces an earlier one. */
  let note: Words | undefined;
  let lookahead: Token | undefined;
  /** The last token shifted: a syntax error right after a regex is usually a `/` that ended it. */
  let previous: Terminal | undefined;
  /** ctx->error (bison's words or a regex's), then ctx->error2 after it, as ap_expr_parse joins them. */
  const verdict = (error: Words | undefined): ExprError | undefined => {
    if (error === undefined) return note;
    return { message: note ? `${error.message}: ${note.message}` : error.message, reason: error.reason };
  };
  for (;;) {
    const state = states[stack[stack.length - 1]!]!;
    let reduce = state.defaultReduction;
    if (state.actions.size > 0) {
      if (lookahead === undefined) {
        lookahead = scanner.next();
        if (lookahead.jammed) return { message: 'flex scanner jammed', reason: JAMMED, jammed: true };
        if (lookahead.error !== undefined) note = scannerWords(lookahead.error);
      }
      const action = state.actions.get(lookahead.kind);
      if (action !== undefined && 'shift' in action) {
        if (lookahead.kind === '$end') return verdict(undefined);
        stack.push(action.shift);
        if (stack.length >= MAX_DEPTH) return verdict(EXHAUSTED);
        values.push({ text: lookahead.value });
        previous = lookahead.kind;
        lookahead = undefined;
        continue;
      }
      if (action !== undefined) reduce = action.reduce;
      if (reduce === undefined) return verdict(syntaxError(lookahead, [...state.actions.keys()], previous, note));
    }
    const rule = rules[reduce!]!;
    const rhs = values.splice(values.length - rule.length, rule.length);
    stack.length -= rule.length;
    const outcome = reduction(rule.action, rhs, modules);
    if (outcome === 'abort') return verdict(undefined);
    if ('error' in outcome) return verdict(outcome.error);
    if (outcome.note !== undefined) note = outcome.note;
    values.push(outcome.value);
    stack.push(states[stack[stack.length - 1]!]!.gotos.get(rule.lhs)!);
    if (stack.length >= MAX_DEPTH) return verdict(EXHAUSTED);
  }
}

const JAMMED = "a quote in %{name:…} or a final backslash stops Apache's scanner";

/** The scanner's words, and ours. */
function scannerWords(message: string): Words {
  const near = /^Parse error near '(.)'$/.exec(message) ?? /^Invalid character in variable name '(.)'$/.exec(message);
  const reason = near ? `${quoted(near[1]!)} is not part of the expression language` : message.charAt(0).toLowerCase() + message.slice(1);
  return { message, reason };
}

/** bison's verbose message: the token found and, when there are at most four, the tokens the state expects. */
function syntaxError(found: Token, expected: readonly Terminal[], previous: Terminal | undefined, note: Words | undefined): Words {
  const listed = [...expected].sort((a, b) => TERMINALS.indexOf(a) - TERMINALS.indexOf(b));
  const expecting = listed.length <= MOST_LISTED ? `, expecting ${listed.join(' or ')}` : '';
  return { message: `syntax error, unexpected ${found.kind}${expecting}`, reason: syntaxReason(found, listed, previous, note) };
}

/** A syntax error in our words, for the usual mistakes first. */
function syntaxReason(found: Token, expected: readonly Terminal[], previous: Terminal | undefined, note: Words | undefined): string {
  if (found.kind === 'T_ERROR' && note !== undefined) return note.reason;
  if (expected.includes('T_REGEX')) return '=~ and !~ take a regex such as /^2/ or m#^/api/#, not a string or a word';
  if ((previous === 'T_REGEX' || previous === 'T_REGEX_I') && found.kind !== '$end')
    return 'a "/" inside /…/ ends the regex (a backslash does not escape it): write m#…#';
  if (found.kind === '$end') return expected.includes("')'") ? 'a parenthesis is not closed' : 'the expression ends too early';
  if (found.kind === 'T_STR_BEGIN') return 'a string is out of place';
  return `${quoted(found.value)} is out of place`;
}

type Outcome = 'abort' | { readonly error: Words } | { readonly value: Value; readonly note?: Words | undefined };

/** What Apache's action for a rule does: its value, a lookup's words, a failed regex, or YYABORT. */
function reduction(action: Action, rhs: readonly Value[], modules: ExprModules): Outcome {
  const text = (at: number): string => rhs[at]?.text ?? '';
  const plain = { text: '' };
  switch (action) {
    case 'abort':
      return 'abort';
    case 'pass':
    case 'quoted':
      return { value: rhs[action === 'pass' ? 0 : 1] ?? plain };
    case 'string-constant':
      return { value: { text: text(0), constant: text(0) } };
    case 'empty-string':
      return { value: { text: '', constant: '' } };
    case 'var':
      return { value: plain, note: variableError(text(1), modules) };
    case 'var-function':
      return { value: plain, note: functionError(text(1), modules) };
    case 'string-function':
      return { value: plain, note: functionError(text(0), modules) };
    case 'list-function':
      return { value: plain, note: modules.ssl && text(0) === 'PeerExtList' ? undefined : unknown('List-returning function', text(0)) };
    case 'unary':
      return { value: plain, note: operatorError('Unary', text(0), UNARY.has(text(0)), text(0) === 'R', rhs[1]) };
    case 'binary': {
      const name = asciiLower(text(1));
      return { value: plain, note: operatorError('Binary', text(1), BINARY.has(name), name === 'ipmatch', rhs[2]) };
    }
    case 'regex': {
      const refusal = pcreError(text(0));
      if (refusal === undefined) return { value: plain };
      return {
        error: {
          message: 'Failed to compile regular expression',
          reason: `regular expression ${quoted(text(0))} does not compile: ${refusal.message}`,
        },
      };
    }
    case 'none':
      return { value: plain };
  }
}

/** expr_lookup_not_found's words, and ours. */
function unknown(kind: string, name: string): Words {
  const spelled = kind === 'Variable' ? `%{${name}}` : kind.endsWith('operator') ? `-${name}` : `${name}()`;
  return {
    message: `${kind} '${kind.endsWith('operator') ? '-' : ''}${name}' does not exist`,
    reason: `${kind.toLowerCase()} ${quoted(spelled)} does not exist`,
  };
}

function variableError(name: string, modules: ExprModules): Words | undefined {
  const known = VARIABLES.has(name.toUpperCase()) || (modules.hcheck && /^HC_/i.test(name)) || (modules.ssl && name.startsWith('SSL_'));
  return known ? undefined : unknown('Variable', name);
}

function functionError(name: string, modules: ExprModules): Words | undefined {
  const known = FUNCTIONS.has(asciiLower(name)) || (modules.hcheck && asciiLower(name) === 'hc') || (modules.ssl && name === 'SSL');
  return known ? undefined : unknown('Function', name);
}

/** An operator lookup: unknown, or an address operator without a constant string after it. */
function operatorError(
  kind: 'Unary' | 'Binary',
  name: string,
  isKnown: boolean,
  takesAddress: boolean,
  argument: Value | undefined,
): Words | undefined {
  if (!isKnown) return unknown(`${kind} operator`, name);
  if (takesAddress && argument?.constant === undefined)
    return {
      message: `-${name} requires subnet/netmask as constant argument`,
      reason: `-${name} takes a quoted address, e.g. '10.0.0.0/8'`,
    };
  return undefined;
}

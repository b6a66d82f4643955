/**
 * mod_headers reads the words of `Header` and `RequestHeader` (header_cmd, then header_inout_cmd and
 * parse_format_string) while Apache reads the configuration, and refuses a line for its action, its
 * number of words, its condition (`early`, `env=`, `expr=`), an `edit` or `echo` pattern PCRE cannot
 * compile, or a format tag it does not know (docs/apache-semantics.md, "Header and RequestHeader").
 */
import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { type ExprModules, exprError } from '../expr/parse';
import { pcreError } from '../pcre';
import type { Word } from '../syntax/words';

/** The actions header_inout_cmd knows, any case. */
const ACTIONS = ['add', 'set', 'setifempty', 'append', 'merge', 'unset', 'echo', 'note', 'edit', 'edit*'];

/** The format tags mod_headers registers (`%D`, `%{VAR}e`, …), matched with case. */
const FORMAT_TAGS = new Set(['D', 't', 'e', 's', 'l', 'i', 'b']);

/** What mod_headers refuses in a line: Apache's words, ours, and the word at fault (the whole line when none). */
export interface HeaderRefusal {
  readonly apacheMessage: string;
  readonly message: string;
  readonly word: Word | undefined;
}

/** The refusal of a `Header` (`isResponse`) or `RequestHeader` line, or undefined when mod_headers accepts it. */
export function headerRefusal(isResponse: boolean, args: readonly Word[], modules: ExprModules): HeaderRefusal | undefined {
  const directive = isResponse ? 'Header' : 'RequestHeader';
  let at = 0;
  if (isResponse && ['always', 'onsuccess'].includes(asciiLower(args[0]?.value ?? ''))) at = 1;
  const [actionWord, header, value, subs, condition] = args.slice(at);
  const refuse = (apacheMessage: string, message: string, word: Word | undefined): HeaderRefusal => ({ apacheMessage, message, word });
  if (args.length > at + 5)
    return refuse(
      `${directive} has too many arguments`,
      `too many words for ${directive} (five at most): quote a value that holds spaces`,
      args[at + 5],
    );
  const action = asciiLower(actionWord?.value ?? '');
  if (!ACTIONS.includes(action))
    return refuse(
      "first argument must be 'add', 'set', 'setifempty', 'append', 'merge', 'unset', 'echo', 'note', 'edit', or 'edit*'.",
      `${actionWord ? `${quoted(actionWord.value)} is no ${directive} action` : 'an action comes first'}: write set, add, append, merge, unset, edit or another`,
      actionWord,
    );
  let clause = condition;
  let text = value;
  if (action === 'edit' || action === 'edit*') {
    if (!subs)
      return refuse(
        'Header edit requires a match and a substitution',
        'edit needs a pattern and a replacement after the header name',
        value,
      );
    if (pcreError(value!.value))
      return refuse('Header edit regex could not be compiled', 'the edit pattern does not compile in PCRE', value);
    text = subs;
  } else {
    if (condition)
      return refuse(
        'Too many arguments to directive',
        `${quoted(condition.value)} is one word too many: ${action} takes a header, a value and a condition`,
        condition,
      );
    clause = subs;
  }
  if (action === 'unset' || action === 'echo') {
    if (value && clause)
      return refuse(
        action === 'unset' ? 'header unset takes two arguments' : 'Header echo takes two arguments',
        `${action} takes a header and a condition, no value`,
        clause,
      );
    clause ??= value;
    text = undefined;
    if (action === 'echo') {
      if (!isResponse)
        return refuse('Header echo only valid on Header directives', 'RequestHeader has no echo: use Header echo', actionWord);
      if (pcreError(header?.value ?? ''))
        return refuse('Header echo regex could not be compiled', 'the echo pattern does not compile in PCRE', header);
    }
  } else if (!value)
    return refuse(
      'Header requires three arguments',
      `${action} needs a value after the header name, e.g. ${action} X-Example "1"`,
      actionWord,
    );
  return conditionRefusal(directive, clause, modules) ?? (text && formatRefusal(directive, text));
}

/** `early`, `env=[!]VAR` or `expr=…`, as header_inout_cmd reads the last word. */
function conditionRefusal(directive: string, clause: Word | undefined, modules: ExprModules): HeaderRefusal | undefined {
  if (!clause) return undefined;
  const text = clause.value;
  const lower = asciiLower(text);
  if (lower === 'early') return undefined;
  if (lower.startsWith('env=')) {
    if (text.length > 4 && text.slice(4) !== '!') return undefined;
    return {
      apacheMessage: 'error: missing environment variable name. envclause should be in the form env=envar ',
      message: 'env= needs the name of a variable, e.g. env=HTTPS or env=!HTTPS',
      word: clause,
    };
  }
  if (lower.startsWith('expr=')) {
    const error = exprError(text.slice(5), modules);
    return (
      error && {
        apacheMessage: error.jammed ? error.message : `Can't parse envclause/expression: ${error.message}`,
        message: `the ${directive} condition does not parse: ${error.reason}`,
        word: clause,
      }
    );
  }
  return {
    apacheMessage: `Unknown parameter: ${text}`,
    message: `${quoted(text)} is no condition: write early, env=VAR or expr=…, or quote a value that holds spaces`,
    word: clause,
  };
}

/** parse_format_string: each `%X` (or `%{ARG}X`) must be a tag mod_headers knows; `%%` and a final `%` are a percent sign. */
function formatRefusal(directive: string, value: Word): HeaderRefusal | undefined {
  const text = value.value;
  // A value expression (`expr=…`) is a string expression, parsed otherwise.
  if (text.startsWith('expr=')) return undefined;
  for (let at = text.indexOf('%'); at >= 0; at = text.indexOf('%', at)) {
    let next = at + 1;
    if (next >= text.length || text[next] === '%') {
      at = next + 1;
      continue;
    }
    if (text[next] === '{') {
      const close = text.indexOf('}', next);
      next = close < 0 ? text.length : close + 1;
    }
    const tag = text[next] ?? '';
    if (!FORMAT_TAGS.has(tag))
      return {
        apacheMessage: `Unrecognized header format %${tag}`,
        message: `%${tag} is no ${directive} format: use %{VAR}e, %D, %t, %s, %l, %i or %b, and %% for a percent sign`,
        word: value,
      };
    at = next + 1;
  }
  return undefined;
}

/**
 * The words of mod_proxy's one-value and cookie directives as Apache reads them (config.c invoke_cmd
 * for the number of words, then each handler in mod_proxy.c for the value), with Apache's words for a
 * refusal (docs/apache-semantics.md, "mod_proxy's values"). Checked line by line on Apache 2.4.71 by
 * test/apache/proxy-arguments.test.ts.
 */
import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { atoi, atol } from '../model/cvalues';
import type { Directive } from '../syntax/tree';
import type { Word } from '../syntax/words';

/** How invoke_cmd counts a directive's words: one (TAKE1), two or three (TAKE23), one or more (ITERATE). */
type Take = 'one' | 'two or three' | 'iterate';

/** A refusal: Apache's words, ours, the word at fault (the line when none). */
export interface ValueRefusal {
  readonly apacheMessage: string;
  readonly message: string;
  readonly word: Word | undefined;
}

interface ValueDirective {
  /** As Apache spells it in its words. */
  readonly name: string;
  readonly take: Take;
  /** The command's usage text, which invoke_cmd adds to a refusal of the number of words. */
  readonly usage: string;
  /** What to write, in our words, when the number of words is wrong. */
  readonly advice: string;
  /** The handler's verdict on the words: Apache's words and ours, or undefined when it accepts them. */
  readonly check?: (
    words: readonly Word[],
  ) => { readonly apacheMessage: string; readonly message: string; readonly word: Word } | undefined;
}

/** A value that must be one of `choices` (any case), refused with Apache's `apacheMessage`. */
function oneOf(name: string, choices: readonly string[], apacheMessage: string): ValueDirective['check'] {
  return ([word]) =>
    word && !choices.includes(asciiLower(word.value))
      ? { apacheMessage, message: `${name} takes ${choices.join(', ')}, not ${quoted(word.value)}`, word }
      : undefined;
}

/** A size in bytes that must be 0 or at least 512, as `read` (atoi or atol) reads it. */
function bufferSize(name: string, read: (text: string) => number): ValueDirective['check'] {
  return ([word]) => {
    const size = word ? read(word.value) : 0;
    return word && size < 512 && size !== 0
      ? {
          apacheMessage: `${name} must be >= 512 bytes, or 0 for system default.`,
          message: `${name} ${quoted(word.value)} is too small: write 512 bytes or more, or 0 for the system's default`,
          word,
        }
      : undefined;
  };
}

const DIRECTIVES: readonly ValueDirective[] = [
  {
    name: 'BalancerGrowth',
    take: 'one',
    usage: 'Number of additional Balancers that can be added post-config',
    advice: 'BalancerGrowth takes one number, from 0 to 1000',
    check: ([word]) => {
      const growth = word ? atoi(word.value) : 0;
      return word && (growth < 0 || growth > 1000)
        ? {
            apacheMessage: 'BalancerGrowth must be between 0 and 1000',
            message: `BalancerGrowth ${quoted(word.value)} is out of range: write 0 to 1000`,
            word,
          }
        : undefined;
    },
  },
  {
    name: 'ProxyVia',
    take: 'one',
    usage: 'Configure Via: proxy header header to one of: on | off | block | full',
    advice: 'ProxyVia takes one of On, Off, Full and Block',
    check: oneOf('ProxyVia', ['on', 'off', 'full', 'block'], 'ProxyVia must be one of: off | on | full | block'),
  },
  {
    name: 'ProxyStatus',
    take: 'one',
    usage: 'Configure Status: proxy status to one of: on | off | full',
    advice: 'ProxyStatus takes one of On, Off and Full',
    check: oneOf('ProxyStatus', ['on', 'off', 'full'], 'ProxyStatus must be one of: off | on | full'),
  },
  {
    name: 'ProxyBadHeader',
    take: 'one',
    usage: 'How to handle bad header line in response: IsError | Ignore | StartBody',
    advice: 'ProxyBadHeader takes one of IsError, Ignore and StartBody',
    check: oneOf('ProxyBadHeader', ['iserror', 'ignore', 'startbody'], 'ProxyBadHeader must be one of: IsError | Ignore | StartBody'),
  },
  {
    name: 'ProxyTimeout',
    take: 'one',
    usage: 'Set the timeout (in seconds) for a proxied connection. This overrides the server timeout',
    advice: 'ProxyTimeout takes one number of seconds',
    check: ([word]) =>
      word && atoi(word.value) < 1
        ? {
            apacheMessage: 'Proxy Timeout must be at least 1 second.',
            message: `ProxyTimeout ${quoted(word.value)} is no number of seconds: write 1 or more`,
            word,
          }
        : undefined,
  },
  {
    name: 'ProxyReceiveBufferSize',
    take: 'one',
    usage: 'Receive buffer size for outgoing HTTP and FTP connections in bytes',
    advice: 'ProxyReceiveBufferSize takes one size in bytes',
    check: bufferSize('ProxyReceiveBufferSize', atoi),
  },
  {
    name: 'ProxyIOBufferSize',
    take: 'one',
    usage: 'IO buffer size for outgoing HTTP and FTP connections in bytes',
    advice: 'ProxyIOBufferSize takes one size in bytes',
    check: bufferSize('ProxyIOBufferSize', atol),
  },
  {
    name: 'ProxyPassReverseCookiePath',
    take: 'two or three',
    usage: 'Path rewrite rule for proxying cookies',
    advice: "ProxyPassReverseCookiePath takes the member's path, then the public one (and optionally interpolate)",
  },
  {
    name: 'ProxyPassReverseCookieDomain',
    take: 'two or three',
    usage: 'Domain rewrite rule for proxying cookies',
    advice: "ProxyPassReverseCookieDomain takes the member's domain, then the public one (and optionally interpolate)",
  },
  {
    name: 'ProxyErrorOverride',
    take: 'iterate',
    usage: "use our error handling pages instead of the servers' we are proxying",
    advice: 'ProxyErrorOverride takes On or Off, then optionally the statuses to intercept',
    check: errorOverride,
  },
];

/** By lower-case name. */
const BY_NAME: ReadonlyMap<string, ValueDirective> = new Map(DIRECTIVES.map((entry) => [entry.name.toLowerCase(), entry]));

/** The lower-case names of the directives checked here. */
export const VALUE_DIRECTIVES: readonly string[] = [...BY_NAME.keys()];

/** What Apache refuses in the words of one of VALUE_DIRECTIVES, or undefined when it accepts them. */
export function valueRefusal(directive: Directive): ValueRefusal | undefined {
  const entry = BY_NAME.get(asciiLower(directive.name));
  if (!entry) return undefined;
  const words = directive.args;
  const empty = (index: number): boolean => (words[index]?.value ?? '') === '';
  // invoke_cmd: an empty word ("") counts as none; ITERATE stops at one.
  const wrongCount =
    entry.take === 'one'
      ? words.length !== 1 || empty(0)
      : entry.take === 'two or three'
        ? words.length > 3 || empty(0) || empty(1)
        : empty(0);
  if (wrongCount) {
    const said =
      entry.take === 'iterate' ? 'requires at least one argument' : `takes ${entry.take} argument${entry.take === 'one' ? '' : 's'}`;
    return { apacheMessage: `${entry.name} ${said}, ${entry.usage}`, message: entry.advice, word: undefined };
  }
  if (entry.take === 'iterate') {
    const end = words.findIndex((word) => word.value === '');
    return entry.check?.(end < 0 ? words : words.slice(0, end));
  }
  return entry.check?.(words);
}

/**
 * ProxyErrorOverride's words, one at a time: On or Off, then statuses (only after On) from 400 to
 * 599. A line that starts with a status continues an earlier line's On or Off, which this line alone
 * cannot tell: it is left alone.
 */
function errorOverride(words: readonly Word[]): ReturnType<NonNullable<ValueDirective['check']>> {
  const [first, ...codes] = words;
  const state = asciiLower(first?.value ?? '');
  if (state !== 'on' && state !== 'off') {
    if (first && !/^[0-9]/.test(first.value))
      return {
        apacheMessage: 'ProxyErrorOverride first parameter must be one of: off | on',
        message: `ProxyErrorOverride takes On or Off first, not ${quoted(first.value)}`,
        word: first,
      };
    return undefined;
  }
  let on = state === 'on';
  for (const code of codes) {
    const value = asciiLower(code.value);
    if (value === 'on' || value === 'off') {
      on = value === 'on';
      continue;
    }
    if (!/^[0-9]/.test(code.value))
      return {
        apacheMessage: 'ProxyErrorOverride: status codes to intercept must be numeric',
        message: `${quoted(code.value)} is no status: list statuses as numbers, e.g. ProxyErrorOverride On 502 503`,
        word: code,
      };
    if (!on)
      return {
        apacheMessage: "ProxyErrorOverride: status codes must follow a value of 'on'",
        message: 'statuses to intercept follow On, not Off',
        word: code,
      };
    const status = Number.parseInt(code.value, 10);
    if (!(status >= 400 && status < 600))
      return {
        apacheMessage: 'ProxyErrorOverride: status codes to intercept must be valid HTTP Status Codes >=400 && <600',
        message: `${quoted(code.value)} is no error status: intercept statuses from 400 to 599`,
        word: code,
      };
  }
  return undefined;
}

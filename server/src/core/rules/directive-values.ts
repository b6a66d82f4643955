/**
 * The words of mod_proxy's one-value and cookie directives and of mod_ssl's verification and protocol
 * directives as Apache reads them (config.c invoke_cmd for the number of words, then each handler for
 * the value), with Apache's words for a refusal (docs/apache-semantics.md, "mod_proxy's values" and
 * "mod_ssl's verification and protocols"). Checked line by line on Apache 2.4.71 by
 * test/apache/proxy-arguments.test.ts.
 */
import { asciiLower } from '../ascii';
import { quoted } from '../bounded';
import { atoi, atol } from '../model/cvalues';
import type { Directive } from '../syntax/tree';
import type { Word } from '../syntax/words';

/** How invoke_cmd counts a directive's words: one (TAKE1), two or three (TAKE23), one or more (ITERATE), any (RAW_ARGS). */
type Take = 'one' | 'two or three' | 'iterate' | 'raw';

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
  verifyMode('SSLProxyVerify', "SSL Proxy: whether to verify the remote certificate ('on' or 'off')"),
  verifyMode('SSLVerifyClient', "SSL Client verify type ('none', 'optional', 'require', 'optional_no_ca')"),
  verifyDepth('SSLProxyVerifyDepth', "SSL Proxy: maximum certificate verification depth ('N' - number of intermediate certificates)"),
  verifyDepth('SSLVerifyDepth', "SSL Client verify depth ('N' - number of intermediate certificates)"),
  protocols('SSLProtocol'),
  protocols('SSLProxyProtocol'),
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
    entry.take === 'raw'
      ? false
      : entry.take === 'one'
        ? words.length !== 1 || empty(0)
        : entry.take === 'two or three'
          ? words.length > 3 || empty(0) || empty(1)
          : empty(0);
  if (wrongCount) {
    const said =
      entry.take === 'iterate' ? 'requires at least one argument' : `takes ${entry.take} argument${entry.take === 'one' ? '' : 's'}`;
    return { apacheMessage: `${entry.name} ${said}, ${entry.usage}`, message: entry.advice, word: undefined };
  }
  if (entry.take === 'raw') return entry.check?.(words);
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

/** ssl_cmd_verify_parse: none or off, optional, require or on, optional_no_ca (any case). */
function verifyMode(name: string, usage: string): ValueDirective {
  const modes = ['none', 'off', 'optional', 'require', 'on', 'optional_no_ca'];
  return {
    name,
    take: 'one',
    usage,
    advice: `${name} takes one of none, optional, require and optional_no_ca`,
    check: ([word]) =>
      word && !modes.includes(asciiLower(word.value))
        ? {
            apacheMessage: `${name}: Invalid argument '${word.value}'`,
            message: `${name} takes none, optional, require or optional_no_ca, not ${quoted(word.value)}`,
            word,
          }
        : undefined,
  };
}

/** ssl_cmd_verify_depth_parse: `atoi` of the word, 0 or more (`abc` is 0). */
function verifyDepth(name: string, usage: string): ValueDirective {
  return {
    name,
    take: 'one',
    usage,
    advice: `${name} takes one number of intermediate certificates`,
    check: ([word]) =>
      word && atoi(word.value) < 0
        ? {
            apacheMessage: `${name}: Invalid argument '${word.value}'`,
            message: `${name} ${quoted(word.value)} is negative: write how many intermediate certificates may follow`,
            word,
          }
        : undefined,
  };
}

/** The protocol names ssl_cmd_protocol_parse knows (any case), on Debian's OpenSSL 3 (SSLv3 compiled out). */
const PROTOCOLS = new Set(['tlsv1', 'tlsv1.1', 'tlsv1.2', 'tlsv1.3', 'all']);

/** ssl_cmd_protocol_parse: each word `[+-]NAME`; SSLv2 and SSLv3 only to remove them. */
function protocols(name: string): ValueDirective {
  return {
    name,
    take: 'raw',
    usage: '',
    advice: '',
    check: (words) => {
      for (const word of words) {
        const action = word.value[0] === '+' || word.value[0] === '-' ? word.value[0] : '';
        const protocol = word.value.slice(action.length);
        const lower = asciiLower(protocol);
        if ((lower === 'sslv2' || lower === 'sslv3') && action === '-') continue;
        // Apache names SSLProtocol here whichever directive it reads.
        if (lower === 'sslv2')
          return {
            apacheMessage: 'SSLProtocol: SSLv2 is no longer supported',
            message: 'SSLv2 is no longer supported: remove it, e.g. all -SSLv3',
            word,
          };
        if (lower === 'sslv3')
          return {
            apacheMessage: 'SSLv3 not supported by this version of OpenSSL',
            message: "SSLv3 is not in this server's OpenSSL: remove it",
            word,
          };
        if (!PROTOCOLS.has(lower))
          return {
            apacheMessage: `${name}: Illegal protocol '${protocol}'`,
            message: `${quoted(protocol)} is no protocol: write all, TLSv1.2 or TLSv1.3, each with + or - to add or remove it`,
            word,
          };
      }
      return undefined;
    },
  };
}

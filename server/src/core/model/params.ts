/**
 * Apache's `set_worker_param` and `set_balancer_param` (mod_proxy.c), plus mod_proxy_hcheck's
 * `set_worker_hc_param`, as pure functions over plain records (docs/apache-semantics.md,
 * set_worker_param, set_balancer_param, ap_proxy_set_wstatus).
 *
 * Each setter returns Apache's bare message (the caller adds the directive prefix) or undefined
 * when Apache accepts the value. On error the record is left untouched: Apache refuses the whole
 * configuration then, so partial updates it may have made do not matter.
 */
import { atoi, atol, doubleToInt, parseTimeout, strtod } from './cvalues';
import { asciiLower } from '../ascii';

/** Worker status bits from mod_proxy.h, by the letter `status=` uses. */
export const STATUS_BITS = {
  D: 0x0020, // DISABLED
  S: 0x0040, // STOPPED
  E: 0x0080, // IN_ERROR
  I: 0x0002, // IGNORE_ERRORS
  H: 0x0100, // HOT_STANDBY
  R: 0x0800, // HOT_SPARE
  N: 0x0004, // DRAIN
  C: 0x0400, // HC_FAIL
  U: 0x0010, // IN_SHUTDOWN
  O: 0x0001, // INITIALIZED
  G: 0x0008, // GENERIC
  F: 0x0200, // FREE
} as const;

/** One status letter Apache knows. */
export type StatusLetter = keyof typeof STATUS_BITS;

/**
 * Status letters Apache knows: the manual's documented ones first, then the internal ones
 * (docs/apache-semantics.md, ap_proxy_set_wstatus).
 */
export const STATUS_LETTERS = 'DSEIHRNCUOGF';

/** Bits that make a member unusable (PROXY_WORKER_NOT_USABLE_BITMAP); usable also needs O, which child init sets. */
export const NOT_USABLE_STATUS_BITS = STATUS_BITS.U | STATUS_BITS.D | STATUS_BITS.S | STATUS_BITS.E | STATUS_BITS.C;

/** Whether `status` has the bit of `letter`. */
export function hasStatus(status: number, letter: StatusLetter): boolean {
  return (status & STATUS_BITS[letter]) !== 0;
}

/** The letters set in `status`, in STATUS_LETTERS order, e.g. "DH"; "" for none. */
export function statusLetters(status: number): string {
  let letters = '';
  for (const letter of STATUS_LETTERS) {
    if (status & STATUS_BITS[letter as StatusLetter]) letters += letter;
  }
  return letters;
}

function statusBitOf(ch: string | undefined): number | undefined {
  // C toupper in the C locale: ASCII only, so 'ı' or 'ſ' never become 'I' or 'S'.
  if (ch === undefined || ch.length !== 1) return undefined;
  const upper = ch >= 'a' && ch <= 'z' ? String.fromCharCode(ch.charCodeAt(0) - 32) : ch;
  return Object.prototype.hasOwnProperty.call(STATUS_BITS, upper) ? STATUS_BITS[upper as StatusLetter] : undefined;
}

/**
 * Applies a `status=` value to `current` like set_worker_param's loop over ap_proxy_set_wstatus:
 * a sign sticks for the letters after it, and a sign must be followed by a letter.
 */
export function parseStatus(value: string, current: number): { status: number } | { error: string } {
  let status = current;
  let set = true;
  for (let at = 0; at < value.length; at++) {
    if (value[at] === '+') {
      set = true;
      at++;
    } else if (value[at] === '-') {
      set = false;
      at++;
    }
    // After a trailing sign this reads past the end, which is C's NUL: not a flag, so an error.
    const bit = statusBitOf(value[at]);
    if (bit === undefined) return { error: 'Unknown status parameter option' };
    status = set ? status | bit : status & ~bit;
  }
  return { status };
}

/** §3.1: `(int)(atof(value) * 100.0)` kept when 100..10000; undefined where Apache says "LoadFactor must be …". */
export function loadfactorToLbfactor(value: string): number | undefined {
  // doubleToInt maps NaN/inf/overflow to INT_MIN, so "nan" is rejected as in C (NaN compares false in JS).
  const lbfactor = isSmallInteger(value) ? Number(value) * 100 : doubleToInt(strtod(value).value * 100.0);
  return lbfactor < 100 || lbfactor > 10000 ? undefined : lbfactor;
}

/**
 * Whether `value` is one to four decimal digits, which strtod reads as that integer exactly: most
 * loadfactors are written so, and skip the general reading.
 */
function isSmallInteger(value: string): boolean {
  if (value.length === 0 || value.length > 4) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Length of `text` in UTF-8 bytes: Apache's limits are strlen() of the bytes in the file. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** Apache's On|Off test for these keys: strcasecmp with "on" and "off". */
function onOff(value: string): boolean | undefined {
  const lower = asciiLower(value);
  return lower === 'on' ? true : lower === 'off' ? false : undefined;
}

/** Health-check methods from mod_proxy.c's proxy_hcmethods table; false marks "not (yet) implemented". */
const HC_METHODS: readonly { name: string; implemented: boolean }[] = [
  { name: 'NONE', implemented: true },
  { name: 'TCP', implemented: true },
  { name: 'OPTIONS', implemented: true },
  { name: 'HEAD', implemented: true },
  { name: 'GET', implemented: true },
  { name: 'CPING', implemented: false },
  { name: 'PROVIDER', implemented: false },
  { name: 'OPTIONS11', implemented: true },
  { name: 'HEAD11', implemented: true },
  { name: 'GET11', implemented: true },
];

const FLUSH_MODES = ['on', 'off', 'auto'] as const;

/** Worker values after set_worker_param; optional fields are the ones never set (Apache's defaults apply). */
export interface WorkerParams {
  /** Weight ×100 (loadfactor 1.5 → 150). */
  lbfactor: number;
  lbset: number;
  /** Bitmask of STATUS_BITS. */
  status: number;
  route: string;
  redirect: string;
  /** Seconds. */
  retry?: number;
  /** Seconds. */
  timeout?: number;
  /** Milliseconds. */
  connectiontimeout?: number;
  /** Milliseconds. */
  ping?: number;
  /** Milliseconds. */
  acquire?: number;
  /** Seconds. */
  ttl?: number;
  min?: number;
  max?: number;
  smax?: number;
  keepalive?: boolean;
  /** Set by both `disablereuse` and `enablereuse` (inverted), which share one field in Apache. */
  disablereuse?: boolean;
  flushpackets?: 'on' | 'off' | 'auto';
  /** Milliseconds; 0 is stored as the 10 ms default. */
  flushwait?: number;
  /** Bytes; 0 is stored as the 8192 default. */
  iobuffersize?: number;
  receivebuffersize?: number;
  /** Bytes; 0 is stored as the 8192 default. */
  responsefieldsize?: number;
  /** Seconds, or -1. */
  addressttl?: number;
  flusher?: string;
  /** `ANY` is stored as `*`. */
  upgrade?: string;
  secret?: string;
  hctemplate?: string;
  /** Upper-case name from the method table. */
  hcmethod?: string;
  /** Milliseconds. */
  hcinterval?: number;
  hcpasses?: number;
  hcfails?: number;
  hcuri?: string;
  hcexpr?: string;
}

/** A fresh worker as ap_proxy_define_worker leaves it: loadfactor 1 (stored 100), lbset 0, no flags. */
export function defaultWorkerParams(): WorkerParams {
  return { lbfactor: 100, lbset: 0, status: 0, route: '', redirect: '' };
}

/** Balancer values after set_balancer_param; unset fields keep Apache's defaults (docs/apache-semantics.md, set_balancer_param). */
export interface BalancerParams {
  lbmethod?: string;
  /** The value as kept: truncated to 63 bytes, with any `|` still in it. */
  stickysession?: string;
  /** Cookie name: the part of `stickysession` before `|` (all of it without one). */
  stickyCookie?: string;
  /** URL parameter name: the part of `stickysession` after `|` (all of it without one). */
  stickyPath?: string;
  /** One character, or '' for Off (no separator). */
  stickysessionsep?: string;
  nofailover?: boolean;
  maxattempts?: number;
  /** Seconds. */
  timeout?: number;
  failonstatus?: number[];
  failontimeout?: boolean;
  scolonpathdelim?: boolean;
  /** '' for `None`. */
  nonce?: string;
  growth?: number;
  forcerecovery?: boolean;
}

/** What the setters need to know about the loaded modules and other directives. */
export interface ParamContext {
  /** mod_proxy_hcheck is loaded: hc* keys exist and unknown keys get its message. */
  hcheckLoaded: boolean;
  /** An lbmethod provider of exactly this name is registered (its module is loaded). */
  isLbmethodAvailable(name: string): boolean;
  /** A ProxyHCTemplate of this name (case-insensitive) precedes; when omitted, every name is accepted. */
  isHcTemplateDefined?(name: string): boolean;
  /** A ProxyHCExpr of this name (case-insensitive) precedes; when omitted, every name is accepted. */
  isHcConditionDefined?(name: string): boolean;
}

/** Worker parameter keys (lower case) without the hc* ones, in set_worker_param's order. */
export const WORKER_PARAMETER_KEYS: readonly string[] = [
  'loadfactor',
  'retry',
  'ttl',
  'min',
  'max',
  'smax',
  'acquire',
  'timeout',
  'iobuffersize',
  'receivebuffersize',
  'keepalive',
  'disablereuse',
  'enablereuse',
  'route',
  'redirect',
  'status',
  'flushpackets',
  'flushwait',
  'ping',
  'lbset',
  'connectiontimeout',
  'flusher',
  'upgrade',
  'responsefieldsize',
  'secret',
  'addressttl',
];

/** Worker keys that exist only when mod_proxy_hcheck is loaded (lower case). */
export const WORKER_HCHECK_PARAMETER_KEYS: readonly string[] = [
  'hctemplate',
  'hcmethod',
  'hcinterval',
  'hcpasses',
  'hcfails',
  'hcuri',
  'hcexpr',
];

/** Balancer parameter keys (lower case), in set_balancer_param's order. */
export const BALANCER_PARAMETER_KEYS: readonly string[] = [
  'stickysession',
  'stickysessionsep',
  'nofailover',
  'timeout',
  'maxattempts',
  'lbmethod',
  'scolonpathdelim',
  'failonstatus',
  'failontimeout',
  'nonce',
  'growth',
  'forcerecovery',
];

/** Sizes of the fixed char arrays in mod_proxy.h's shared structs; a value must be shorter. */
const ROUTE_SIZE = 64;
const SCHEME_SIZE = 16;
const SECRET_SIZE = 64;
const STICKY_SIZE = 64;
const LBMETHOD_NAME_SIZE = 16;
const NONCE_SIZE = 37; // APR_UUID_FORMATTED_LENGTH + 1

/** Apache's errors for a key its handler does not know (set_worker_param, set_worker_hc_param, set_balancer_param). */
export const UNKNOWN_KEY_ERRORS = {
  worker: 'unknown Worker parameter',
  hcheck: 'unknown Worker hcheck parameter',
  balancer: 'unknown Balancer parameter',
} as const;

/** Whether a handler's error says the key is unknown, rather than its value refused. */
export function isUnknownKeyError(error: string): boolean {
  return Object.values(UNKNOWN_KEY_ERRORS).some((unknown) => unknown === error);
}

/** Applies one `key=value` to a worker like mod_proxy.c's set_worker_param; returns Apache's message or undefined. */
export function setWorkerParam(params: WorkerParams, key: string, value: string, ctx: ParamContext): string | undefined {
  switch (asciiLower(key)) {
    case 'loadfactor': {
      const lbfactor = loadfactorToLbfactor(value);
      if (lbfactor === undefined) return 'LoadFactor must be a number between 1..100';
      params.lbfactor = lbfactor;
      return undefined;
    }
    case 'retry': {
      const seconds = atoi(value);
      if (seconds < 0) return 'Retry must be a positive value';
      params.retry = seconds;
      return undefined;
    }
    case 'ttl': {
      const seconds = atoi(value);
      if (seconds < 1) return 'TTL must be at least one second';
      params.ttl = seconds;
      return undefined;
    }
    case 'min':
      return setNonNegative(params, 'min', value, 'Min must be a positive number');
    case 'max':
      return setNonNegative(params, 'max', value, 'Max must be a positive number');
    case 'smax':
      return setNonNegative(params, 'smax', value, 'Smax must be a positive number');
    case 'acquire': {
      const ms = parseTimeout(value, 'ms');
      if (ms === undefined) return 'Acquire timeout has wrong format';
      if (ms < 1) return 'Acquire must be at least one millisecond';
      params.acquire = ms;
      return undefined;
    }
    case 'timeout': {
      const seconds = atoi(value);
      if (seconds < 1) return 'Timeout must be at least one second';
      params.timeout = seconds;
      return undefined;
    }
    case 'iobuffersize': {
      const size = atol(value);
      if (size < 512 && size !== 0) return 'IOBufferSize must be >= 512 bytes, or 0 for system default.';
      params.iobuffersize = size === 0 ? 8192 : size;
      return undefined;
    }
    case 'receivebuffersize': {
      const size = atoi(value);
      if (size < 512 && size !== 0) return 'ReceiveBufferSize must be >= 512 bytes, or 0 for system default.';
      params.receivebuffersize = size;
      return undefined;
    }
    case 'keepalive':
      return setOnOff(value, 'KeepAlive must be On|Off', (on) => (params.keepalive = on));
    case 'disablereuse':
      return setOnOff(value, 'DisableReuse must be On|Off', (on) => (params.disablereuse = on));
    case 'enablereuse':
      return setOnOff(value, 'EnableReuse must be On|Off', (on) => (params.disablereuse = !on));
    case 'route':
      if (utf8Length(value) >= ROUTE_SIZE) return `Route length must be < ${ROUTE_SIZE} characters`;
      params.route = value;
      return undefined;
    case 'redirect':
      if (utf8Length(value) >= ROUTE_SIZE) return `Redirect length must be < ${ROUTE_SIZE} characters`;
      params.redirect = value;
      return undefined;
    case 'status': {
      const result = parseStatus(value, params.status);
      if ('error' in result) return result.error;
      params.status = result.status;
      return undefined;
    }
    case 'flushpackets': {
      const mode = FLUSH_MODES.find((m) => m === asciiLower(value));
      if (mode === undefined) return 'flushpackets must be on|off|auto';
      params.flushpackets = mode;
      return undefined;
    }
    case 'flushwait': {
      const ms = atoi(value);
      if (ms > 1000 || ms < 0) return 'flushwait must be <= 1000, or 0 for system default of 10 millseconds.';
      params.flushwait = ms === 0 ? 10 : ms;
      return undefined;
    }
    case 'ping': {
      const ms = parseTimeout(value, 's');
      if (ms === undefined) return 'Ping/Pong timeout has wrong format';
      if (ms < 1) return 'Ping/Pong timeout must be at least one millisecond';
      params.ping = ms;
      return undefined;
    }
    case 'lbset': {
      const lbset = atoi(value);
      if (lbset < 0 || lbset > 99) return 'lbset must be between 0 and 99';
      params.lbset = lbset;
      return undefined;
    }
    case 'connectiontimeout': {
      const ms = parseTimeout(value, 's');
      if (ms === undefined) return 'Connectiontimeout has wrong format';
      if (ms < 1) return 'Connectiontimeout must be at least one millisecond.';
      params.connectiontimeout = ms;
      return undefined;
    }
    case 'flusher':
      if (utf8Length(value) >= SCHEME_SIZE) return `flusher name length must be < ${SCHEME_SIZE} characters`;
      params.flusher = value;
      return undefined;
    case 'upgrade': {
      const protocol = upgradeProtocols(value);
      if (utf8Length(protocol) >= SCHEME_SIZE) return `upgrade protocol length must be < ${SCHEME_SIZE} characters`;
      params.upgrade = protocol;
      return undefined;
    }
    case 'responsefieldsize': {
      const size = atol(value);
      if (size < 0) return 'ResponseFieldSize must be greater than 0 bytes, or 0 for system default.';
      params.responsefieldsize = size === 0 ? 8192 : size;
      return undefined;
    }
    case 'secret':
      if (utf8Length(value) >= SECRET_SIZE) return `Secret length must be < ${SECRET_SIZE} characters`;
      params.secret = value;
      return undefined;
    case 'addressttl': {
      // Exactly "-1" means unlimited; otherwise a whole number of seconds that fits an int32.
      // The parentheses come from stringifying glibc's INT32_MAX macro, "(2147483647)".
      if (value === '-1') {
        params.addressttl = -1;
        return undefined;
      }
      const ms = parseTimeout(value, 's');
      if (ms === undefined || ms % 1000 !== 0 || ms / 1000 > 2147483647) {
        return 'AddressTTL must be -1 or a number of seconds not exceeding (2147483647)';
      }
      params.addressttl = ms / 1000;
      return undefined;
    }
    default:
      return ctx.hcheckLoaded ? setWorkerHcParam(params, key, value, ctx) : UNKNOWN_KEY_ERRORS.worker;
  }
}

/**
 * mod_proxy_hcheck's set_worker_hc_param, which set_worker_param hands unknown keys to when loaded,
 * and ProxyHCTemplate its `key=value` words. Simplification: `hctemplate` does not copy the
 * template's settings into the record, and template and condition names are checked only when the
 * context can answer (ProxyHCTemplate/ProxyHCExpr).
 */
export function setWorkerHcParam(params: WorkerParams, key: string, value: string, ctx: ParamContext): string | undefined {
  switch (asciiLower(key)) {
    case 'hctemplate':
      if (ctx.isHcTemplateDefined && !ctx.isHcTemplateDefined(value)) return `Unknown ProxyHCTemplate name: ${value}`;
      params.hctemplate = value;
      return undefined;
    case 'hcmethod': {
      const method = HC_METHODS.find((m) => asciiLower(m.name) === asciiLower(value));
      if (method === undefined) return 'Unknown method';
      if (!method.implemented) return `Health check method ${value} not (yet) implemented`;
      params.hcmethod = method.name;
      return undefined;
    }
    case 'hcinterval': {
      const ms = parseTimeout(value, 's');
      if (ms === undefined) return 'Unparse-able hcinterval setting';
      // AP_WD_TM_SLICE: the watchdog ticks every 100 ms.
      if (ms < 100) return 'Interval must be a positive value greater than 100ms';
      params.hcinterval = ms;
      return undefined;
    }
    case 'hcpasses':
      return setNonNegative(params, 'hcpasses', value, 'Passes must be a positive value');
    case 'hcfails':
      return setNonNegative(params, 'hcfails', value, 'Fails must be a positive value');
    case 'hcuri':
      if (utf8Length(value) >= ROUTE_SIZE) return `Health check uri length must be < ${ROUTE_SIZE} characters`;
      params.hcuri = value;
      return undefined;
    case 'hcexpr':
      if (ctx.isHcConditionDefined && !ctx.isHcConditionDefined(value)) {
        return `Unknown health check condition expr: ${value}`;
      }
      // Apache reuses the hcuri wording here; names are limited to 15 bytes, so it rarely shows.
      if (utf8Length(value) >= SCHEME_SIZE) return `Health check uri length must be < ${SCHEME_SIZE} characters`;
      params.hcexpr = value;
      return undefined;
    default:
      return UNKNOWN_KEY_ERRORS.hcheck;
  }
}

type NonNegativeKey = 'min' | 'max' | 'smax' | 'hcpasses' | 'hcfails';

function setNonNegative(params: WorkerParams, key: NonNegativeKey, value: string, error: string): string | undefined {
  const n = atoi(value);
  if (n < 0) return error;
  params[key] = n;
  return undefined;
}

function setOnOff(value: string, error: string, store: (on: boolean) => void): string | undefined {
  const on = onOff(value);
  if (on === undefined) return error;
  store(on);
  return undefined;
}

/** Applies one `key=value` to a balancer like mod_proxy.c's set_balancer_param; returns Apache's message or undefined. */
export function setBalancerParam(params: BalancerParams, key: string, value: string, ctx: ParamContext): string | undefined {
  switch (asciiLower(key)) {
    case 'stickysession': {
      // Apache builds a "stickysession length must be < 64 characters" message and drops it, then
      // copies at most 63 bytes: long values are silently truncated (docs/apache-semantics.md, set_balancer_param).
      const kept = truncateUtf8(value, STICKY_SIZE - 1);
      const bar = kept.indexOf('|');
      params.stickysession = kept;
      params.stickyCookie = bar < 0 ? kept : kept.slice(0, bar);
      params.stickyPath = bar < 0 ? kept : kept.slice(bar + 1);
      return undefined;
    }
    case 'stickysessionsep':
      if (utf8Length(value) === 1) params.stickysessionsep = value;
      else if (asciiLower(value) === 'off') params.stickysessionsep = '';
      else return 'stickysessionsep must be a single character or Off';
      return undefined;
    case 'nofailover':
      return setOnOff(value, 'failover must be On|Off', (on) => (params.nofailover = on));
    case 'timeout': {
      // Rejects 0 although 0 (do not wait) is the default.
      const seconds = atoi(value);
      if (seconds < 1) return 'timeout must be at least one second';
      params.timeout = seconds;
      return undefined;
    }
    case 'maxattempts': {
      const attempts = atoi(value);
      if (attempts < 0) return 'maximum number of attempts must be a positive number';
      params.maxattempts = attempts;
      return undefined;
    }
    case 'lbmethod':
      // Provider lookup is exact-case; names that cannot fit lbpname[16] are refused up front.
      if (utf8Length(value) > LBMETHOD_NAME_SIZE - 1 || !ctx.isLbmethodAvailable(value)) return 'unknown lbmethod';
      params.lbmethod = value;
      return undefined;
    case 'scolonpathdelim':
      return setOnOff(value, 'scolonpathdelim must be On|Off', (on) => (params.scolonpathdelim = on));
    case 'failonstatus': {
      // apr_strtok on ", ": runs of commas and spaces separate codes (not tabs); each is atoi'd.
      const codes: number[] = [];
      for (const token of value.split(/[, ]+/)) {
        if (token === '') continue;
        const code = atoi(token);
        if (code < 100 || code > 599) return 'failonstatus must be one or more HTTP response codes';
        codes.push(code);
      }
      params.failonstatus = codes; // replaces, never appends; an empty value clears the list
      return undefined;
    }
    case 'failontimeout':
      return setOnOff(value, 'failontimeout must be On|Off', (on) => (params.failontimeout = on));
    case 'nonce':
      if (asciiLower(value) === 'none') params.nonce = '';
      else if (utf8Length(value) >= NONCE_SIZE) return 'Provided nonce is too large';
      else params.nonce = value;
      return undefined;
    case 'growth': {
      // Rejects 0 although 0 is the default.
      const growth = atoi(value);
      if (growth < 1 || growth > 100) return 'growth must be between 1 and 100';
      params.growth = growth;
      return undefined;
    }
    case 'forcerecovery':
      return setOnOff(value, 'forcerecovery must be On|Off', (on) => (params.forcerecovery = on));
    default:
      return UNKNOWN_KEY_ERRORS.balancer;
  }
}

/** An `upgrade=` value as mod_proxy keeps it: `ANY` is `*`, any protocol. */
export function upgradeProtocols(value: string): string {
  return asciiLower(value) === 'any' ? '*' : value;
}

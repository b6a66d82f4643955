/**
 * C library number parsing exactly as Apache sees it on glibc/x86-64 (docs/apache-semantics.md, set_worker_param):
 * `strtod`/`atof`, `atoi`, `atol`, the double→int cast, and httpd's `ap_timeout_parameter_parse`.
 *
 * JavaScript's parseFloat/parseInt differ in ways Apache's answers depend on (hex floats, NaN
 * comparisons, 32-bit wrap-around), so nothing here uses them.
 */
import { asciiStartsWith } from '../ascii';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** C `isspace` in the "C" locale: the only whitespace strtod, strtol and Apache's tokenizer skip. */
export function isCSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\v' || ch === '\f' || ch === '\r';
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

function hexValue(ch: string | undefined): number {
  if (ch === undefined) return -1;
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** Offset after leading C whitespace and an optional sign, and whether the sign was '-'. */
function skipSpaceAndSign(text: string): { at: number; negative: boolean } {
  let at = 0;
  while (isCSpace(text[at])) at++;
  const negative = text[at] === '-';
  if (negative || text[at] === '+') at++;
  return { at, negative };
}

/** Multiplies `x` by 2^k exactly whenever the true product is a representable double (it is here: we round first). */
function scaleByPowerOfTwo(x: number, k: number): number {
  // 2 ** k itself over- or underflows for |k| > 1023, so step; every factor moves x monotonically
  // toward the (representable) result, so no step loses bits or overflows early.
  let rest = k;
  let value = x;
  while (rest > 1000) {
    value *= 2 ** 1000;
    rest -= 1000;
  }
  while (rest < -1000) {
    value *= 2 ** -1000;
    rest += 1000;
  }
  return value * 2 ** rest;
}

/** The double nearest to mantissa·2^exponent, ties to even, as glibc rounds hex floats in the default mode. */
function roundBinary(mantissa: bigint, exponent: number): number {
  if (mantissa === 0n) return 0;
  const bits = mantissa.toString(2).length;
  const top = bits - 1 + exponent; // exponent of the leading 1 bit
  if (top > 1023) return Infinity;
  // Normal doubles keep 53 significant bits; subnormals keep fewer, down to the 2^-1074 bit.
  const keep = top >= -1022 ? 53 : top + 1075;
  if (keep < 0) return 0; // below half the smallest subnormal
  const shift = bits - keep;
  let q = mantissa;
  let lsbExponent = exponent;
  if (shift > 0) {
    const big = BigInt(shift);
    q = mantissa >> big;
    const rest = mantissa & ((1n << big) - 1n);
    const half = 1n << (big - 1n);
    if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
    lsbExponent += shift;
  }
  if (q === 0n) return 0;
  return scaleByPowerOfTwo(Number(q), lsbExponent);
}

/** Caps a decimal exponent while reading it: beyond this every result is already 0 or infinite. */
const EXPONENT_CAP = 1e15;

/** Parses the hex float body after "0x"; undefined when no hex digit follows (strtod then reads just the "0"). */
function parseHexBody(text: string, start: number): { value: number; end: number } | undefined {
  let at = start;
  let mantissa = 0n;
  let digits = 0;
  let fractionDigits = 0;
  while (hexValue(text[at]) >= 0) {
    mantissa = mantissa * 16n + BigInt(hexValue(text[at]));
    digits++;
    at++;
  }
  if (text[at] === '.') {
    let probe = at + 1;
    while (hexValue(text[probe]) >= 0) {
      mantissa = mantissa * 16n + BigInt(hexValue(text[probe]));
      digits++;
      fractionDigits++;
      probe++;
    }
    if (digits > 0) at = probe;
  }
  if (digits === 0) return undefined;
  let binaryExponent = 0;
  if (text[at] === 'p' || text[at] === 'P') {
    let probe = at + 1;
    const negative = text[probe] === '-';
    if (negative || text[probe] === '+') probe++;
    if (isDigit(text[probe])) {
      while (isDigit(text[probe])) {
        binaryExponent = Math.min(binaryExponent * 10 + (text.charCodeAt(probe) - 48), EXPONENT_CAP);
        probe++;
      }
      if (negative) binaryExponent = -binaryExponent;
      at = probe; // an exponent without digits is not consumed
    }
  }
  return { value: roundBinary(mantissa, binaryExponent - 4 * fractionDigits), end: at };
}

/**
 * C-locale glibc `strtod` on a prefix of `text`: the value and how many UTF-16 units were consumed
 * (0, with value 0, when nothing parses). Decimal results are correctly rounded like glibc.
 */
export function strtod(text: string): { value: number; length: number } {
  const { at: start, negative } = skipSpaceAndSign(text);
  const signed = (v: number): number => (negative ? -v : v);

  if (asciiStartsWith(text, start, 'inf')) {
    const end = asciiStartsWith(text, start + 3, 'inity') ? start + 8 : start + 3;
    return { value: signed(Infinity), length: end };
  }
  if (asciiStartsWith(text, start, 'nan')) {
    let end = start + 3;
    if (text[end] === '(') {
      // nan(n-char-sequence) is consumed only when the parenthesis closes.
      let probe = end + 1;
      while (probe < text.length && /[0-9A-Za-z_]/.test(text[probe] ?? '')) probe++;
      if (text[probe] === ')') end = probe + 1;
    }
    return { value: NaN, length: end };
  }
  if (text[start] === '0' && (text[start + 1] === 'x' || text[start + 1] === 'X')) {
    const hex = parseHexBody(text, start + 2);
    if (hex) return { value: signed(hex.value), length: hex.end };
    // "0x" with no hex digit: fall through and read the "0" as a decimal.
  }

  let at = start;
  let digits = 0;
  while (isDigit(text[at])) {
    at++;
    digits++;
  }
  if (text[at] === '.') {
    let probe = at + 1;
    while (isDigit(text[probe])) {
      probe++;
      digits++;
    }
    if (digits > 0) at = probe;
  }
  if (digits === 0) return { value: 0, length: 0 };
  if (text[at] === 'e' || text[at] === 'E') {
    let probe = at + 1;
    if (text[probe] === '+' || text[probe] === '-') probe++;
    if (isDigit(text[probe])) {
      while (isDigit(text[probe])) probe++;
      at = probe;
    }
  }
  // The substring is a valid JS StrDecimalLiteral, and Number() rounds correctly, as glibc does.
  return { value: signed(Number(text.slice(start, at))), length: at };
}

/** glibc `strtol(text, NULL, 10)`: decimal prefix, saturated to the 64-bit long range. */
function strtolSaturated(text: string): bigint {
  const { at: start, negative } = skipSpaceAndSign(text);
  let at = start;
  let magnitude = 0n;
  while (isDigit(text[at])) {
    // Stop growing once past 2^63: the result is saturated anyway, and huge inputs stay cheap.
    if (magnitude <= INT64_MAX) magnitude = magnitude * 10n + BigInt(text.charCodeAt(at) - 48);
    at++;
  }
  if (negative) return -magnitude < INT64_MIN ? INT64_MIN : -magnitude;
  return magnitude > INT64_MAX ? INT64_MAX : magnitude;
}

/** glibc `atoi`, i.e. `(int)strtol(text, NULL, 10)`: saturate to 64 bits, then keep the low 32 (so 4294967297 → 1). */
export function atoi(text: string): number {
  return Number(BigInt.asIntN(32, strtolSaturated(text)));
}

/** glibc `atol` on LP64: `strtol` saturated to ±2^63 (exact up to 2^53, which is all callers compare against). */
export function atol(text: string): number {
  return Number(strtolSaturated(text));
}

/** C `(int)x` on x86-64 (cvttsd2si): truncates; NaN, ±Infinity and out-of-range values give INT_MIN. */
export function doubleToInt(x: number): number {
  if (!Number.isFinite(x)) return INT32_MIN;
  const truncated = Math.trunc(x);
  if (truncated < INT32_MIN || truncated > INT32_MAX) return INT32_MIN;
  return truncated | 0; // | 0 turns -0 into 0
}

/** Largest count per unit before microseconds overflow int64; httpd then fails with APR_ERANGE. */
const TIMEOUT_LIMITS = {
  s: 9223372036854n, // apr_time_sec(APR_INT64_MAX)
  h: 2562047788n, // apr_time_sec(APR_INT64_MAX / 3600)
  mi: 153722867280n, // apr_time_sec(APR_INT64_MAX / 60)
  ms: 9223372036854775n, // apr_time_as_msec(APR_INT64_MAX)
} as const;

const MS_PER_UNIT = { s: 1000n, h: 3600000n, mi: 60000n, ms: 1n } as const;

/**
 * httpd `ap_timeout_parameter_parse`: an integer with an optional unit suffix, in milliseconds;
 * undefined where Apache says "… has wrong format".
 *
 * Only the suffix's first letters count (`s…`, `ms…`, `mi…`, `h…`, case-sensitive), so "1.5" is
 * wrong (suffix "."), "5sec" is 5 s and "" is 0 in the default unit. Negative values and values
 * whose microseconds overflow int64 are wrong too (the 2.4 branch checks both).
 */
export function parseTimeout(text: string, defaultUnit: 's' | 'ms'): number | undefined {
  // apr_strtoi64 is strtoll: whitespace, sign, digits; ERANGE on overflow is returned as an error.
  const { at: start, negative } = skipSpaceAndSign(text);
  let at = start;
  let magnitude = 0n;
  while (isDigit(text[at])) {
    if (magnitude <= INT64_MAX + 1n) magnitude = magnitude * 10n + BigInt(text.charCodeAt(at) - 48);
    at++;
  }
  const value = negative ? -magnitude : magnitude;
  if (value > INT64_MAX || value < INT64_MIN) return undefined;
  // With no digits strtoll leaves endp at the very start, whitespace and sign included.
  const rest = at > start ? text.slice(at) : text;
  const suffix = rest === '' ? defaultUnit : rest;
  if (value < 0n) return undefined;
  let unit: keyof typeof MS_PER_UNIT;
  if (suffix[0] === 's') unit = 's';
  else if (suffix[0] === 'h') unit = 'h';
  else if (suffix[0] === 'm' && suffix[1] === 's') unit = 'ms';
  else if (suffix[0] === 'm' && suffix[1] === 'i') unit = 'mi';
  else return undefined;
  if (value > TIMEOUT_LIMITS[unit]) return undefined;
  return Number(value * MS_PER_UNIT[unit]);
}

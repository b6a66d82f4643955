/**
 * Balancer names and worker URLs as mod_proxy recognises and normalises them
 * (docs/apache-semantics.md, ap_proxy_define_balancer, ap_proxy_define_worker_ex).
 */
import { isCSpace } from './cvalues';
import { utf8Length } from './params';
import { asciiLower, asciiStartsWith } from '../ascii';

/** Longest balancer name Apache accepts, in bytes, `balancer://` included (PROXY_BALANCER_MAX_NAME_SIZE). */
export const MAX_BALANCER_NAME = 96;
const MAX_HOSTNAME = 256;

/** Default ports that Apache drops from a worker's name: APR's `apr_uri_port_of_scheme` table plus mod_proxy's own schemes. */
const DEFAULT_PORTS: Record<string, number> = {
  http: 80,
  ftp: 21,
  https: 443,
  gopher: 70,
  ldap: 389,
  nntp: 119,
  snews: 563,
  imap: 143,
  pop: 110,
  sip: 5060,
  rtsp: 554,
  wais: 210,
  'z39.50r': 210,
  'z39.50s': 210,
  prospero: 191,
  nfs: 2049,
  tip: 3372,
  acap: 674,
  telnet: 23,
  ssh: 22,
  fcgi: 8000,
  ajp: 8009,
  scgi: 4000,
  h2c: 80,
  h2: 443,
  ws: 80,
  wss: 443,
};

/** `ap_proxy_valid_balancer_name`: the first 9 characters are `balancer:`, in any case. */
export function isBalancerUrl(url: string): boolean {
  return asciiStartsWith(url, 0, 'balancer:');
}

/** A balancer's identity (lower case, path dropped), or Apache's message when it has none. */
export function balancerName(url: string): { name: string } | { error: string } {
  const colon = url.indexOf(':');
  if (colon < 0 || url[colon + 1] !== '/' || url[colon + 2] !== '/' || colon + 3 >= url.length) {
    return { error: `Bad syntax for a balancer name (${url})` };
  }
  const slash = url.indexOf('/', colon + 3);
  const name = asciiLower(slash < 0 ? url : url.slice(0, slash));
  if (utf8Length(name) >= MAX_BALANCER_NAME) return { error: `balancer name (${name}) too long` };
  return { name };
}

/**
 * The balancer a request to `name` (a normalised `balancer://…`) looks up: proxy_balancer_canon reads
 * the name's host part as a URL's netloc (ap_proxy_canon_netloc: the part up to the last `@` is a
 * user, apr_parse_addr_port splits off a `:digits` port and strips IPv6 brackets) and rebuilds the
 * name from the host alone. `refused` when that parse fails (every request gets 400, AH01157), with
 * the text Apache's log shows.
 */
export function requestedBalancer(name: string): { readonly name: string } | { readonly refused: string } {
  const netloc = name.slice(name.indexOf('://') + 3);
  const at = netloc.lastIndexOf('@');
  const host = netloc.slice(at + 1);
  // The log prints the URL up to the first byte canon_netloc overwrote: the `@`, else the end.
  const refused = { refused: `//${at < 0 ? netloc : netloc.slice(0, at)}` };
  const port = /:(\d+)$/.exec(host);
  if (/^\d*$/.test(host)) return refused; // digits alone are a port with no host
  if (port && !(Number(port[1]) >= 1 && Number(port[1]) <= 65535)) return refused;
  const address = port ? host.slice(0, port.index) : host;
  if (!address.startsWith('[')) return { name: `balancer://${address}` };
  const inside = address.slice(1, -1);
  if (!address.endsWith(']') || inside.includes(']') || inside.includes('%') || !isIpv6(inside)) return refused;
  return { name: `balancer://${inside}` };
}

/** inet_pton(AF_INET6): eight groups of up to four hex digits, one `::` for a run of zeros, an IPv4 tail. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  const last = groups.at(-1) ?? '';
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(last);
  if (v4 && !v4.slice(1).every((part) => Number(part) <= 255)) return false;
  const hex = v4 ? groups.slice(0, -1) : groups;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = hex.length + (v4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

/**
 * `ap_proxy_de_socketfy`: the URL mod_proxy talks to for `unix:/path|scheme://…` (a bare `scheme:`
 * means `scheme://localhost`), the URL itself otherwise; undefined when the part after `|` has no `:`.
 */
export function deSocketfy(url: string): string | undefined {
  const bar = url.indexOf('|', 5);
  if (!asciiStartsWith(url, 0, 'unix:') || bar < 0) return url;
  const real = url.slice(bar + 1);
  const colon = real.indexOf(':');
  if (colon < 0) return undefined;
  return colon === real.length - 1 ? `${real}//localhost` : real;
}

/** A worker URL as Apache names it. */
export interface WorkerUrl {
  /** `apr_uri_unparse` of the parsed URL: scheme and host lower-cased, the scheme's default port dropped, the rest as written. */
  readonly name: string;
}

/** Parses a worker URL as `ap_proxy_define_worker_ex` does, or returns Apache's message. */
export function workerUrl(url: string): WorkerUrl | { error: string } {
  return isNamedAsWritten(url) ? { name: url } : parsedWorkerUrl(url);
}

/**
 * Whether Apache names a worker URL exactly as it is written, read in one pass over its characters:
 * a lower-case scheme other than `unix`, `//`, a host of lower-case ASCII other than `@`, `[` and
 * `:`, then an optional port of digits that is not the scheme's default (nor 0), then `/`, `?`, `#`
 * or the end. Most members are written so (`http://10.0.0.1:8080`), and `parsedWorkerUrl` would
 * cut the URL into its parts only to put them together again.
 */
export function isNamedAsWritten(url: string): boolean {
  const colon = schemeEnd(url);
  if (colon < 0 || url.charCodeAt(colon + 1) !== 47 || url.charCodeAt(colon + 2) !== 47 || asciiStartsWith(url, 0, 'unix:')) return false;
  for (let i = 0; i < colon; i++) if (isUpper(url.charCodeAt(i))) return false;
  const host = colon + 3;
  let port = -1;
  let end = host;
  // The host runs to '/', '?' or '#'; after its first ':' (58) only digits; before it no '@' (64), '[' (91), upper case or non-ASCII.
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35) break;
    if (port >= 0 ? !isDigit(code) : code !== 58 && (code >= 128 || code === 64 || code === 91 || isUpper(code))) return false;
    if (code === 58 && port < 0) port = end;
  }
  const hostEnd = port < 0 ? end : port;
  if (hostEnd === host || hostEnd - host >= MAX_HOSTNAME || port + 1 === end) return false;
  if (port < 0) return true;
  const number = Number(url.slice(port + 1, end)) & 0xffff;
  return number !== 0 && number !== DEFAULT_PORTS[url.slice(0, colon)];
}

/** `workerUrl` the long way: the URL parsed as `apr_uri_parse` does and put together as `apr_uri_unparse` does. */
export function parsedWorkerUrl(url: string): WorkerUrl | { error: string } {
  const real = deSocketfy(url);
  if (real === undefined) return { error: 'uses an invalid "unix:" URL' };
  // A socket worker parses the part after `|` as written, and talks to "localhost" when it names no host.
  const isSocket = real !== url;
  const uri = parseUri(isSocket ? url.slice(url.indexOf('|', 5) + 1) : url);
  if (!uri) return { error: `Unable to parse URL: ${url}` };
  if (uri.scheme === undefined) return { error: `URL must be absolute!: ${url}` };
  let host = asciiLower(uri.hostname ?? '');
  if (host === '') {
    if (!isSocket) return { error: `URL must be absolute!: ${url}` };
    host = 'localhost';
  }
  if (utf8Length(host) >= MAX_HOSTNAME) return { error: `worker hostname (${host}) too long` };
  const scheme = asciiLower(uri.scheme);
  // apr_port_t is 16 bits; an empty port means the scheme's default.
  const port = uri.port === undefined || uri.port === '' ? undefined : Number(uri.port) & 0xffff;
  const isDefaultPort = port === undefined || port === 0 || port === DEFAULT_PORTS[scheme];
  const user = uri.userinfo === undefined ? '' : `${uri.userinfo}@`;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const name = `${scheme}://${user}${hostPart}${isDefaultPort ? '' : `:${uri.port}`}${uri.rest}`;
  // Most URLs are written as Apache names them: the model then keeps the word's own string, not a copy.
  return { name: name === url ? url : name };
}

/**
 * The string `ap_proxy_get_worker_ex` compares member names with: the URL after `unix:…|`, its
 * `scheme://authority` (up to the first `/`) lower-cased but otherwise as written, so
 * `http://h:80/` is not `http://h`. A member matches when its name prefixes `key` and covers at
 * least `minMatch` characters; undefined when the URL cannot match any member.
 */
export function workerLookupKey(url: string): { key: string; minMatch: number } | undefined {
  const real = deSocketfy(url);
  if (real === undefined) return undefined;
  const colon = real.indexOf(':');
  if (colon < 0 || real[colon + 1] !== '/' || real[colon + 2] !== '/' || colon + 3 >= real.length) return undefined;
  const slash = real.indexOf('/', colon + 3);
  const end = slash < 0 ? real.length : slash;
  const head = real.slice(0, end);
  const lower = asciiLower(head);
  // Most URLs are written in lower case: the key is then the URL itself, not a new string.
  return { key: lower === head ? real : lower + real.slice(end), minMatch: end };
}

/** The parts of `apr_uri_parse` that name a worker; `rest` is the path, query and fragment as written. */
interface ParsedUri {
  readonly scheme: string | undefined;
  readonly userinfo: string | undefined;
  readonly hostname: string | undefined;
  readonly port: string | undefined;
  readonly rest: string;
}

/** `apr_uri_parse` (APR 1.7), or undefined where it fails: a `:` in a scheme-less first segment, a bad port, an open `[`. */
function parseUri(uri: string): ParsedUri | undefined {
  let scheme: string | undefined;
  let at = 0;
  if (uri.startsWith('//') && uri[2] !== '/') {
    at = 2;
  } else if (uri.startsWith('/')) {
    // Written out, not spread from a shared object: a spread costs more than the rest of the parse.
    return { scheme: undefined, userinfo: undefined, hostname: undefined, port: undefined, rest: uri };
  } else {
    const colon = schemeEnd(uri);
    if (colon >= 0) {
      scheme = uri.slice(0, colon);
      at = colon + 1;
    }
    if (!uri.startsWith('//', at)) {
      // RFC 3986 §3.3: without a scheme, the first path segment must not contain ':'.
      const slash = uri.indexOf('/');
      if (!scheme && uri.slice(0, slash < 0 ? uri.length : slash).includes(':')) return undefined;
      return { scheme, userinfo: undefined, hostname: undefined, port: undefined, rest: uri.slice(at) };
    }
    at += 2;
  }
  // The host information runs to the first '/', '?' or '#'; its parts are sliced from `uri` by position.
  let end = at;
  for (; end < uri.length; end++) {
    const code = uri.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35) break;
  }
  const rest = uri.slice(end);
  const atSign = uri.lastIndexOf('@', end - 1);
  const userinfo = atSign < at ? undefined : uri.slice(at, atSign);
  const host = atSign < at ? at : atSign + 1;
  let hostname: string;
  let port: string | undefined;
  if (host < end && uri[host] === '[') {
    const close = uri.indexOf(']', host);
    if (close < 0 || close >= end) return undefined;
    // Like APR, take everything between the brackets' positions when no port follows.
    const hasPort = close + 1 < end && uri[close + 1] === ':';
    hostname = hasPort ? uri.slice(host + 1, close) : uri.slice(host + 1, end - 1);
    port = hasPort ? uri.slice(close + 2, end) : undefined;
  } else {
    const colon = uri.indexOf(':', host);
    const hasPort = colon >= 0 && colon < end;
    hostname = uri.slice(host, hasPort ? colon : end);
    port = hasPort ? uri.slice(colon + 1, end) : undefined;
  }
  if (port && !isWholeNumber(port)) return undefined;
  return { scheme, userinfo, hostname, port, rest };
}

/** The offset of the `:` ending a scheme (`[A-Za-z][A-Za-z0-9+.-]*`) at the start of `uri`, or -1. */
export function schemeEnd(uri: string): number {
  if (!isLetter(uri.charCodeAt(0))) return -1;
  for (let i = 1; i < uri.length; i++) {
    const code = uri.charCodeAt(i);
    if (code === 58) return i; // ':'
    if (!isLetter(code) && !isDigit(code) && code !== 43 && code !== 46 && code !== 45) return -1; // '+', '.', '-'
  }
  return -1;
}

/** strtol must read the whole port: leading C whitespace, a sign, then digits only. */
export function isWholeNumber(port: string): boolean {
  let at = 0;
  while (isCSpace(port[at])) at++;
  if (port[at] === '+' || port[at] === '-') at++;
  if (at === port.length) return false;
  for (; at < port.length; at++) if (!isDigit(port.charCodeAt(at))) return false;
  return true;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** apr_fnmatch_test: a `*` or `?`, or a `[` with a later `]`, not escaped by `\\`. */
export function isFnmatchPattern(pattern: string): boolean {
  let nesting = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '?' || c === '*') return true;
    if (c === '\\') {
      if (++i >= pattern.length) return false;
    } else if (c === '[') nesting++;
    else if (c === ']' && nesting > 0) return true;
  }
  return false;
}

/**
 * The path Apache maps, as ap_process_request_internal makes it: the request line's path normalised
 * (ap_normalize_path: `.` and `..` segments resolved, runs of slashes merged as MergeSlashes does
 * by default, and the unreserved characters decoded), refused with 400 when it is not a valid path
 * or climbs above the root; then decoded (`%2F` refused, kept or decoded by AllowEncodedSlashes),
 * and normalised again when decoded slashes may have made new segments. Also the re-encoding
 * mod_proxy applies to the path it sends on (ap_proxy_canonenc).
 */

/** The decoded path, or the status Apache answers with instead. */
export type DecodedPath = { readonly uri: string } | { readonly status: number; readonly why: string };

/** How `%2F` in a path is treated (AllowEncodedSlashes Off, On, NoDecode). */
export type EncodedSlashes = 'off' | 'on' | 'nodecode';

/** Decodes a request path as Apache does before mapping it. */
export function decodePath(raw: string, encodedSlashes: EncodedSlashes): DecodedPath {
  const normalized = normalizePath(raw, true);
  if (!normalized.valid)
    return { status: 400, why: 'the path has a broken %-escape or climbs above the root with "..": Apache answers 400 (AH10244)' };
  const path = normalized.path;
  let bytes = '';
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (char !== '%') {
      bytes += char;
      continue;
    }
    const code = parseInt(path.slice(i + 1, i + 3), 16);
    if (code === 0) return { status: 404, why: 'an encoded NUL (%00) is answered 404' };
    if (code === 0x2f && encodedSlashes === 'off')
      return { status: 404, why: 'AllowEncodedSlashes is Off: a path with %2F is answered 404' };
    // NoDecode keeps an encoded slash as it came, so it does not split path segments.
    bytes += code === 0x2f && encodedSlashes === 'nodecode' ? path.slice(i, i + 3) : String.fromCharCode(code);
    i += 2;
  }
  // Decoded slashes may make new `//`, `/./` or `/../` (`/.%2F/`): normalised again, without the 400.
  return { uri: encodedSlashes === 'on' ? normalizePath(bytes, false).path : bytes };
}

/** A space or a control character: what mod_proxy refuses to send as written (ap_scan_vchar_obstext), and what `[BCTLS]` escapes. */
export function isSpaceOrControl(code: number): boolean {
  return code <= 0x20 || code === 0x7f;
}

/** RFC 3986's unreserved characters, which ap_normalize_path decodes from their %-escapes. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = /^[0-9A-Fa-f]$/;

/**
 * ap_normalize_path with MergeSlashes on, reading the path left to right: at each segment's start
 * further slashes are skipped, a `.` segment is dropped and a `..` segment removes the segment
 * written before it (or, at the root, makes the path invalid). With `decodeUnreserved`, an escape
 * of an unreserved character is decoded where it is read, so `%2e` is a dot (the second dot of
 * `.%2e` counts too), and a `%` without two hex digits makes the path invalid.
 */
function normalizePath(path: string, decodeUnreserved: boolean): { readonly path: string; readonly valid: boolean } {
  const chars = path.split('');
  const out: string[] = [chars[0] ?? ''];
  let valid = chars[0] === '/';
  const isSlashOrEnd = (at: number): boolean => at >= chars.length || chars[at] === '/';
  let at = 1;
  while (at < chars.length) {
    if (decodeUnreserved && chars[at] === '%') {
      if (HEX.test(chars[at + 1] ?? '') && HEX.test(chars[at + 2] ?? '')) {
        const decoded = String.fromCharCode(parseInt(chars[at + 1]! + chars[at + 2]!, 16));
        if (UNRESERVED.test(decoded)) chars[(at += 2)] = decoded;
      } else valid = false;
    }
    if (out.at(-1) === '/') {
      if (chars[at] === '/') {
        while (chars[at] === '/') at++;
        continue;
      }
      if (chars[at] === '.') {
        if (isSlashOrEnd(at + 1)) {
          at += at + 1 < chars.length ? 2 : 1;
          continue;
        }
        const second =
          chars[at + 1] === '.' ? at + 1 : decodeUnreserved && /^%2e$/i.test(chars.slice(at + 1, at + 4).join('')) ? at + 3 : -1;
        if (second >= 0 && isSlashOrEnd(second + 1)) {
          if (out.length > 1) {
            out.pop();
            while (out.length > 0 && out.at(-1) !== '/') out.pop();
          } else valid = false;
          at = second + 1 + (second + 1 < chars.length ? 1 : 0);
          continue;
        }
      }
    }
    out.push(chars[at]!);
    at++;
  }
  return { path: out.join(''), valid };
}

/** Characters ap_proxy_canonenc leaves as they are in a path; everything else is percent-encoded. */
const PATH_ALLOWED = /[A-Za-z0-9~$\-_.+!*'(),;:@&=/]/;

/**
 * ap_proxy_canonenc for a path: a byte outside the allowed set becomes `%XX` (upper-case hex), `%`
 * included, except an encoded slash that AllowEncodedSlashes NoDecode kept (`keepEncodedSlashes`).
 */
export function encodePath(path: string, keepEncodedSlashes = false): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    if (keepEncodedSlashes && /^%2f$/i.test(path.slice(i, i + 3))) {
      out += path.slice(i, i + 3);
      i += 2;
      continue;
    }
    const code = path.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    i += char.length - 1;
    if (PATH_ALLOWED.test(char)) out += char;
    // A decoded path holds one character per byte; a wider character came unencoded from the URL given.
    else if (code < 0x100) out += percentByte(code);
    else out += percentEncode(char);
  }
  return out;
}

/** Text as `%XX` escapes of its UTF-8 bytes; a lone surrogate (an editor's half-typed character) is U+FFFD. */
export function percentEncode(text: string): string {
  return [...new TextEncoder().encode(text)].map(percentByte).join('');
}

function percentByte(byte: number): string {
  return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

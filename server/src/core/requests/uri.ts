/**
 * The path Apache maps: the request line's path decoded as ap_process_request_internal does it
 * (`%2F` refused, kept or decoded by AllowEncodedSlashes; `.` and `..` segments resolved; runs of
 * slashes merged, MergeSlashes being on by default), and the re-encoding mod_proxy applies to the
 * path it sends on (ap_proxy_canonenc).
 */

/** The decoded path, or the status Apache answers with instead. */
export type DecodedPath = { readonly uri: string } | { readonly status: number; readonly why: string };

/** How `%2F` in a path is treated (AllowEncodedSlashes Off, On, NoDecode). */
export type EncodedSlashes = 'off' | 'on' | 'nodecode';

/** Decodes a request path as Apache does before mapping it. */
export function decodePath(raw: string, encodedSlashes: EncodedSlashes): DecodedPath {
  if (/%2f/i.test(raw) && encodedSlashes === 'off')
    return { status: 404, why: 'AllowEncodedSlashes is Off: a path with %2F is answered 404' };
  let bytes = '';
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    if (char !== '%') {
      bytes += char;
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return { status: 400, why: `"%${hex}" is not a percent-encoded byte: Apache answers 400` };
    const code = parseInt(hex, 16);
    if (code === 0) return { status: 404, why: 'an encoded NUL (%00) is answered 404' };
    // NoDecode keeps an encoded slash as it came, so it does not split path segments.
    bytes += code === 0x2f && encodedSlashes === 'nodecode' ? raw.slice(i, i + 3) : String.fromCharCode(code);
    i += 2;
  }
  return { uri: mergeSlashes(resolveDots(bytes)) };
}

/** ap_getparents: `/./` dropped, `/x/../` removed. */
function resolveDots(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    if (segment === '.') {
      if (isLast) out.push('');
    } else if (segment === '..') {
      if (out.length > 1) out.pop();
      if (isLast) out.push('');
    } else out.push(segment);
  });
  return out.join('/');
}

/** MergeSlashes On: runs of slashes are one. */
function mergeSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
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

/** Case folding as C's `tolower` does it in the "C" locale (strcasecmp, APR tables, `ap_str_tolower`). */

const UPPER = /[A-Z]/;
const NON_ASCII = /[^\0-\x7f]/;

/**
 * Lower-cases ASCII letters only: JS `toLowerCase` also folds other letters (the Kelvin sign
 * U+212A becomes 'k'), which Apache does not. Most names are already lower case or plain ASCII, so
 * those take the native paths.
 */
export function asciiLower(text: string): string {
  if (!UPPER.test(text)) return text;
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

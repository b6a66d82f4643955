/** Case folding as C's `tolower` does it in the "C" locale (strcasecmp, APR tables, `ap_str_tolower`). */

/**
 * Lower-cases ASCII letters only: JS `toLowerCase` also folds other letters (the Kelvin sign
 * U+212A becomes 'k'), which Apache does not. Most names are already lower case or plain ASCII, so
 * those take the native paths. One scan of the characters decides which: names are short, and it
 * costs less than a call of a regular expression (every rule and handler folds names).
 */
export function asciiLower(text: string): string {
  let hasUpper = false;
  let hasNonAscii = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) hasUpper = true;
    else if (code > 127) hasNonAscii = true;
  }
  if (!hasUpper) return text;
  if (!hasNonAscii) return text.toLowerCase();
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Case folding as C's `tolower` does it in the "C" locale (strcasecmp, APR tables, `ap_str_tolower`). */

/**
 * Lower-cases ASCII letters only: JS `toLowerCase` also folds other letters (the Kelvin sign
 * U+212A becomes 'k'), which Apache does not. Most names are already lower case or plain ASCII, so
 * one scan sends those to the native paths (no regular expression: this runs for most words).
 */
export function asciiLower(text: string): string {
  let upper = false;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 65 && code <= 90) upper = true;
    else if (code > 127) ascii = false;
  }
  if (!upper) return text;
  if (ascii) return text.toLowerCase();
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/** Whether `text` has `word` (lower case) at `at`, ASCII letters compared as strcasecmp does, without slicing. */
export function asciiStartsWith(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let k = 0; k < word.length; k++) {
    let code = text.charCodeAt(at + k);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** Whether `text` is `word` (lower case), ASCII letters compared as strcasecmp does, without lower-casing a copy. */
export function asciiEquals(text: string, word: string): boolean {
  return text.length === word.length && asciiStartsWith(text, 0, word);
}

/** Keeps what a line-oriented output prints from a file name or a message to one line. */

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with control characters (C0, DEL, C1) and the Unicode line and paragraph separators
 * shown as escapes (`\n`, `\x1b`, `\u{2028}`), so a file named `a\n::error file=x::forged` cannot
 * start a line of its own that problem matchers and log readers would take for a finding, nor
 * colour the terminal. Backslashes stay as they are: the escapes are for reading, not for parsing back.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => NAMED[char] ?? escape(char.charCodeAt(0)));
}

function escape(code: number): string {
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

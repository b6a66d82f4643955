/** Keeps what a line-oriented output prints from a file name or a message to one line. */

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text with control characters (C0, DEL, C1) and the Unicode line and paragraph separators
 * shown as escapes (`\n`, `\x1b`, `\u{2028}`), so a file named `a\n::error file=x::forged` cannot
 * start a line of its own that problem matchers and log readers would take for a finding, nor
 * colour the terminal; and `##[` as `##\x5b`, which the GitHub runner takes anywhere in a line for
 * a (legacy) workflow command: `##[error]…`, `##[stop-commands]…`. Backslashes stay as they are:
 * the escapes are for reading, not for parsing back.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => NAMED[char] ?? escape(char.charCodeAt(0)))
    .replaceAll(LEGACY_COMMAND, '##\\x5b');
}

/** What opens a legacy GitHub workflow command anywhere in a line. */
const LEGACY_COMMAND = '##[';

/**
 * A name printed at the start of a line (stylish's file header, compact's rows, diff's title), on
 * one line, with `./` in front when it would start, white space aside, with `::`: the GitHub runner
 * takes such a line for a workflow command (`::error::…`, `::add-mask::…`, `::stop-commands::…`).
 */
export function lineStartPath(path: string): string {
  const shown = oneLine(path);
  return /^\s*::/.test(shown) ? `./${shown}` : shown;
}

/**
 * JSON text (JSON, SARIF) that a log shows without running a command: `##[` can only be inside a
 * string, where `##\u005b` is the same value.
 */
export function inertJson(json: string): string {
  return json.replaceAll(LEGACY_COMMAND, '##\\u005b');
}

function escape(code: number): string {
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * Configuration text inside markup that others render: the editor's hovers (VS Code renders them,
 * images fetched), the diff report that becomes a pull-request comment or a job summary. A name or
 * a value must stay text: never an image, a link, HTML, a table cell break, a mention or a heading.
 */

/**
 * Markdown's active characters, backslash-escaped (CommonMark lets any ASCII punctuation be): links
 * and images (`[ ] !`), HTML and autolinks (`< > &`), emphasis, code, tables, strikethrough, math
 * and headings (`* _ \` | ~ $ #`), mentions and e-mail autolinks (`@`).
 */
const ACTIVE = /[\\`*_[\]<>!&|~$#@]/g;

/**
 * Text that reads as itself in markdown (CommonMark, GitHub's and VS Code's): line breaks become
 * spaces, active characters are escaped, `https://` and `www.` are not linked, and `@name` and `#1` get a zero-width
 * space after the sign, since GitHub makes mentions and issue links from the rendered text, escapes
 * or not.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/[\r\n\u2028\u2029]+/g, ' ')
      .replace(ACTIVE, '\\$&')
      // Bare autolinks (GitHub's and VS Code's): `scheme://` and `www.`.
      .replace(/:(?=\/\/)/g, '\\:')
      .replace(/\b(www)\./gi, '$1\\.')
      .replace(/([@#])(?=[\p{L}\p{N}_])/gu, '$1\u200b')
  );
}

/** Text as inline code: a fence longer than any run of backticks in it, so nothing in it ends the span. */
export function codeSpan(text: string): string {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, ' ');
  const longest = (flat.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = '`'.repeat(longest + 1);
  const padding = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ' ' : '';
  return `${fence}${padding}${flat}${padding}${fence}`;
}

/**
 * Plain text for a label VS Code renders with its icon syntax (a code lens title): `$(name)` would
 * show an icon, `\$(name)` shows the text. Hints' labels and tooltips go out as plain strings,
 * which no editor renders.
 */
export function escapeIcons(text: string): string {
  return text.replace(/\$\(/g, '\\$(');
}

/** Text safe in XML and HTML: markup characters as entities, and characters XML 1.0 forbids dropped. */
export function escapeMarkup(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

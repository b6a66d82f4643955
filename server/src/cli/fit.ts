/** Text fitted to a terminal's width: wrapped at spaces with a hanging indent, or cut with `…`. */

/** The narrowest a wrapped column gets, whatever the terminal says: below it, lines run over rather than break every word. */
const MIN_COLUMN = 20;

/**
 * `text` as lines of at most `width` characters, broken at spaces (a longer word is broken where it
 * must); the text as one line when `width` is undefined (not a terminal: nothing is wrapped).
 */
export function wrap(text: string, width: number | undefined): string[] {
  if (width === undefined || text.length <= width) return [text];
  const column = Math.max(width, MIN_COLUMN);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line === '' || line.length + 1 + word.length > column) {
      if (line !== '') lines.push(line.trimEnd());
      line = word;
    } else line += ` ${word}`;
    while (line.length > column) {
      lines.push(line.slice(0, column));
      line = line.slice(column);
    }
  }
  lines.push(line);
  return lines;
}

/**
 * As many of `words` as fit in `width` characters joined by spaces, ending in `…` when some are left
 * out; all of them when `width` is undefined. `shown` gives the text of a kept word (its colour).
 */
export function cutWords(words: readonly string[], width: number | undefined, shown: (word: string) => string = (word) => word): string {
  let used = 0;
  const kept: string[] = [];
  for (const [index, word] of words.entries()) {
    const isLast = index === words.length - 1;
    // Room for the word, and for ` …` after it unless it is the last.
    if (width !== undefined && used + word.length + (isLast ? 0 : 2) > width) {
      kept.push('…');
      break;
    }
    kept.push(shown(word));
    used += word.length + 1;
  }
  return kept.join(' ');
}

/** The width output must fit: the terminal's columns (`COLUMNS` when set overrides them), or undefined when it is not a terminal. */
export function terminalWidth(
  env: Readonly<Record<string, string | undefined>>,
  output: { readonly isTTY: boolean; readonly columns?: number },
): number | undefined {
  if (!output.isTTY) return undefined;
  const columns = Number(env['COLUMNS']);
  if (Number.isInteger(columns) && columns > 0) return columns;
  return output.columns !== undefined && output.columns > 0 ? output.columns : 80;
}

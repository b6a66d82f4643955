/** Bounds on what one finding may print, whatever the configuration holds. */

/** The most characters of one unbroken value a message quotes; the rest is cut with an ellipsis. */
export const MAX_QUOTED = 256;

/** The most characters a message may have after its values are cut (many short values in one message). */
export const MAX_MESSAGE = 1000;

/** Whether a character ends a quoted value: a space or a quote. */
function isBreak(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 34 || code === 39;
}

/**
 * A message with each run of more than MAX_QUOTED characters other than spaces and quotes cut to
 * MAX_QUOTED and `…`, then cut to MAX_MESSAGE: a 4 MB balancer name from a doubled `Define` prints
 * as 256 characters. A plain scan, linear in the message (a regular expression overflows the stack on megabytes).
 */
export function boundedMessage(message: string): string {
  if (message.length <= MAX_QUOTED) return message;
  const parts: string[] = [];
  let kept = 0;
  let runStart = 0;
  for (let i = 0; i <= message.length; i++) {
    if (i < message.length && !isBreak(message.charCodeAt(i))) continue;
    if (i - runStart > MAX_QUOTED) {
      parts.push(message.slice(kept, runStart + MAX_QUOTED), '…');
      kept = i;
    }
    runStart = i + 1;
  }
  parts.push(message.slice(kept));
  const cut = parts.join('');
  return cut.length > MAX_MESSAGE ? `${cut.slice(0, MAX_MESSAGE)}…` : cut;
}

/** The longest value a message quotes whole; a longer one is cut with `…`, so the message stays one short line. */
const MAX_QUOTED_VALUE = 40;

/**
 * A value as a message shows it, in double quotes exactly once: a value that carries its own quotes
 * (`"2"`, written `loadfactor="2"`) is shown with just those. Cut to `max` characters with `…`, at
 * the end, or at the start when `keepEnd` (a path, whose file name matters most).
 */
export function quoted(value: string, max = MAX_QUOTED_VALUE, keepEnd = false): string {
  const bare = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (bare.length <= max) return `"${bare}"`;
  return keepEnd ? `"…${bare.slice(bare.length - max + 1)}"` : `"${bare.slice(0, max - 1)}…"`;
}

/**
 * Where JSON text first goes wrong, found without quoting it: JSON.parse's messages quote the text
 * ("Unexpected token 'g', "ghp_SECRET"..."), and a configuration file may be anything.
 */

/** The first place strict JSON (RFC 8259) cannot continue, as a UTF-16 offset, and what it expected there. */
export interface JsonSyntaxError {
  readonly offset: number;
  readonly expected: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4})/y;

/** The first syntax error of a JSON text, or undefined when it is valid; iterative, so nesting cannot overflow the stack. */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const open: string[] = [];
  let pos = 0;
  const space = (): void => {
    while (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\n' || text[pos] === '\r') pos++;
  };
  const fail = (expected: string): JsonSyntaxError => ({ offset: pos, expected });
  /** Moves past a string; false (at the offending character) when it is not one. */
  const string = (): boolean => {
    if (text[pos] !== '"') return false;
    pos++;
    while (pos < text.length && text[pos] !== '"') {
      if (text[pos] === '\\') {
        ESCAPE.lastIndex = pos;
        if (!ESCAPE.test(text)) return false;
        pos = ESCAPE.lastIndex;
      } else if (text.charCodeAt(pos) < 0x20) return false;
      else pos++;
    }
    if (pos >= text.length) return false;
    pos++;
    return true;
  };
  /** Moves past `"key":` and the space after it. */
  const key = (): JsonSyntaxError | undefined => {
    space();
    if (!string()) return fail('a string key');
    space();
    if (text[pos] !== ':') return fail("':'");
    pos++;
    return undefined;
  };
  for (;;) {
    // A value is expected here.
    space();
    const c = text[pos];
    if (c === '{' || c === '[') {
      pos++;
      space();
      if (text[pos] !== (c === '{' ? '}' : ']')) {
        open.push(c);
        const problem = c === '{' ? key() : undefined;
        if (problem) return problem;
        continue;
      }
      pos++;
    } else if (c === '"') {
      if (!string()) return fail('a valid string');
    } else {
      NUMBER.lastIndex = pos;
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, pos));
      if (literal) pos += literal.length;
      else if (NUMBER.test(text)) pos = NUMBER.lastIndex;
      else return fail('a value');
    }
    // After a value: a comma, a closing bracket, or the end.
    for (;;) {
      space();
      const top = open.at(-1);
      if (top === undefined) return pos === text.length ? undefined : fail('the end of the text');
      const close = top === '{' ? '}' : ']';
      if (text[pos] === close) {
        pos++;
        open.pop();
        continue;
      }
      if (text[pos] !== ',') return fail(`',' or '${close}'`);
      pos++;
      const problem = top === '{' ? key() : undefined;
      if (problem) return problem;
      break;
    }
  }
}

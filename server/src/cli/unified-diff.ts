/** A unified diff of two texts (`--fix-dry-run`), as `diff -u` prints it and `git apply` or `patch -p1` reads it. */

/** Lines of context around each change. */
const CONTEXT = 3;

type Op = { readonly kind: ' ' | '-' | '+'; readonly line: string };

/** The diff from `before` to `after` under the names given (`a/x.conf`, `b/x.conf`); empty when they are equal. */
export function unifiedDiff(oldName: string, newName: string, before: string, after: string): string {
  if (before === after) return '';
  const ops = diffLines(linesOf(before), linesOf(after));
  const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
  // Changes closer than twice the context share a hunk.
  const groups: [number, number][] = [];
  for (const index of changed) {
    const last = groups.at(-1);
    if (last && index - last[1] <= 2 * CONTEXT) last[1] = index;
    else groups.push([index, index]);
  }
  let text = `--- ${oldName}\n+++ ${newName}\n`;
  for (const [first, last] of groups) {
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length, last + CONTEXT + 1);
    const count = (ops: readonly Op[], skipped: Op['kind']): number => ops.filter((op) => op.kind !== skipped).length;
    const oldStart = count(ops.slice(0, from), '+');
    const newStart = count(ops.slice(0, from), '-');
    const oldLength = count(ops.slice(from, to), '+');
    const newLength = count(ops.slice(from, to), '-');
    // An empty side names the line before it, as diff -u does.
    text += `@@ -${oldLength === 0 ? oldStart : oldStart + 1},${oldLength} +${newLength === 0 ? newStart : newStart + 1},${newLength} @@\n`;
    for (const op of ops.slice(from, to)) {
      text += `${op.kind}${op.line}`;
      if (!op.line.endsWith('\n')) text += '\n\\ No newline at end of file\n';
    }
  }
  return text;
}

/** The lines of a text, each with its line feed (the last may have none). */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Myers' shortest edit script over lines, after the common head and tail are set aside, so the
 * work grows with the size of the changed region times the number of changes (fixes change little).
 */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x0 = a.slice(head, a.length - tail);
  const y0 = b.slice(head, b.length - tail);
  const n = x0.length;
  const m = y0.length;
  const offset = n + m + 1;
  const trace: Int32Array[] = [];
  let v: Int32Array = new Int32Array(2 * offset + 1);
  search: for (let d = 0; d <= n + m; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && x0[x] === y0[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) break search;
    }
  }
  const middle: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    v = trace[d]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : v[offset + previousK]!;
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
      middle.push({ kind: ' ', line: x0[x]! });
    }
    if (d > 0) {
      if (x === previousX) middle.push({ kind: '+', line: y0[--y]! });
      else middle.push({ kind: '-', line: x0[--x]! });
    }
  }
  return [
    ...a.slice(0, head).map((line): Op => ({ kind: ' ', line })),
    ...middle.reverse(),
    ...a.slice(a.length - tail).map((line): Op => ({ kind: ' ', line })),
  ];
}

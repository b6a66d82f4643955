/**
 * Whether two values of plain data (objects, arrays and primitives, as findings and protocol
 * messages are) read the same, a field one has undefined and the other lacks counting as the same.
 * It makes nothing, as it runs for every finding of an edit.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!sameData(x[key], y[key])) return false;
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false;
  return !Array.isArray(a) || a.length === (b as unknown[]).length;
}

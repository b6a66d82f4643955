/**
 * 20000 → "20,000", as `toLocaleString('en-US')` writes an integer: the first `toLocaleString` of a
 * process loads ICU's locale data (about 20 ms), which a constant built at load would cost every command.
 */
export function thousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

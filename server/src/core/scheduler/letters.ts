/** Member letters for schedules: a … z, then aa, ab, … (bijective base 26), as in Apache's manual tables. */

/** The letter of the member at a 0-based position. */
export function memberLetter(position: number): string {
  let letters = '';
  let n = position + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(97 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Shares and load factors as text: one spelling for the hover, inlay hints and the CLI. */

/** A share as a percentage with one decimal: 0.7 → "70.0%". */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** A share as a bar of `width` cells. */
export function bar(share: number, width = 20): string {
  const filled = Math.round(share * width);
  return '█'.repeat(filled) + '·'.repeat(width - filled);
}

/** How Apache shows an lbfactor: lbfactor / 100 with two decimals (balancer-manager's "Factor"). */
export function factor(lbfactor: number): string {
  return (lbfactor / 100).toFixed(2);
}

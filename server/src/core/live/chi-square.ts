/**
 * Pearson's chi-square goodness-of-fit test: whether observed counts could come from the expected
 * shares by chance. The p-value is the regularized upper incomplete gamma function Q(k/2, x/2),
 * computed by its series below a + 1 and by its continued fraction above (Numerical Recipes' split).
 */

/** The outcome of one test. */
export interface ChiSquare {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** The chance of a statistic at least this large when the counts do follow the shares. */
  readonly pValue: number;
}

/** Tests `observed` counts against `shares` (summing to 1), both in the same order; at least two cells. */
export function chiSquareTest(observed: readonly number[], shares: readonly number[]): ChiSquare {
  const total = observed.reduce((sum, count) => sum + count, 0);
  let statistic = 0;
  observed.forEach((count, index) => {
    const expected = total * shares[index]!;
    statistic += expected > 0 ? (count - expected) ** 2 / expected : 0;
  });
  const degreesOfFreedom = observed.length - 1;
  return { statistic, degreesOfFreedom, pValue: upperGamma(degreesOfFreedom / 2, statistic / 2) };
}

/** Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0. */
export function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  if (x < a + 1) return 1 - lowerSeries(a, x);
  return upperFraction(a, x);
}

const EPSILON = 1e-15;
const MAX_TERMS = 10_000;

/** P(a, x) by its power series. */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_TERMS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return Math.min(1, sum * Math.exp(-x + a * Math.log(x) - logGamma(a)));
}

/** Q(a, x) by Lentz's continued fraction. */
function upperFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < MAX_TERMS; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.max(0, Math.exp(-x + a * Math.log(x) - logGamma(a)) * h);
}

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(z) for z > 0, by the Lanczos approximation (g = 7). */
function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const shifted = z - 1;
  let sum = 0.99999999999980993;
  LANCZOS.forEach((coefficient, index) => (sum += coefficient / (shifted + index + 1)));
  const t = shifted + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * Share of `part` in `whole` as a whole-number percentage (spec section 9:
 * rounded to an integer, NaN shown as 0). A zero or missing whole gives 0
 * instead of NaN or Infinity.
 */
export function doughnutPercentage(part: number | undefined, whole: number | undefined): number {
  const ratio = (part ?? NaN) / (whole ?? NaN);
  if (!Number.isFinite(ratio)) return 0;
  return Math.round(ratio * 100);
}

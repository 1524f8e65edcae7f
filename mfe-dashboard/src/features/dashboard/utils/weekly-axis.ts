import { CHARTS } from '@panel/shared';

/**
 * Spec section 9: the y-axis tops out at 10 when the week had no loans,
 * otherwise at the highest day's count rounded up to a multiple of 10.
 */
export function weeklyAxisMax(counts: readonly number[]): number {
  const highest = Math.max(0, ...counts.filter(Number.isFinite));
  if (highest === 0) return CHARTS.emptyWeekAxisMax;
  return Math.ceil(highest / CHARTS.axisStep) * CHARTS.axisStep;
}

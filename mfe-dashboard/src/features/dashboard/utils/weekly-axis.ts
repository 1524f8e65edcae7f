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

/**
 * Options of a count bar chart (weekly loans, loans per type): the value axis
 * follows the spec's rounding rule, the category axis has no grid. `valueAxis`
 * is 'y' for upright bars and 'x' for bars lying down.
 */
export function countBarOptions(
  counts: number[],
  valueAxis: 'x' | 'y',
  colors: { text: string; grid: string },
) {
  const categoryAxis = valueAxis === 'y' ? 'x' : 'y';
  return {
    maintainAspectRatio: false,
    responsive: true,
    ...(valueAxis === 'x' ? { indexAxis: 'y' as const } : {}),
    scales: {
      [valueAxis]: {
        min: 0,
        max: weeklyAxisMax(counts),
        ticks: { precision: 0, color: colors.text },
        grid: { color: colors.grid },
        border: { display: false },
      },
      [categoryAxis]: { grid: { display: false }, ticks: { color: colors.text } },
    },
  };
}

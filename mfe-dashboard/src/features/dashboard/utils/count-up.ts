import { COUNT_UP_STEPS } from '@panel/shared';

/**
 * The value shown at `step` of the count-up animation: an even climb from 0
 * that lands exactly on `target` at the last step, whatever the rounding.
 */
export function countUpValue(target: number, step: number, steps: number = COUNT_UP_STEPS): number {
  if (step >= steps) return target;
  if (step <= 0) return 0;
  return Math.round((target * step) / steps);
}

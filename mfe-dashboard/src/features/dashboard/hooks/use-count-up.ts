import { useEffect, useState } from 'react';
import { COUNT_UP_STEPS, DELAYS_MS } from '@panel/shared';

import { prefersReducedMotion } from '../../../utils/motion';
import { countUpValue } from '../utils/count-up';

/**
 * Counts from 0 up to `target` in COUNT_UP_STEPS steps of DELAYS_MS.countUpStep.
 * The step is derived from elapsed time, so a slow or throttled tab still ends
 * on time and on the exact value. Users who ask for reduced motion get the
 * value at once.
 */
export function useCountUp(target: number, run: boolean): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!run) return undefined;
    if (prefersReducedMotion()) {
      setStep(COUNT_UP_STEPS);
      return undefined;
    }
    const start = performance.now();
    setStep(0);
    const id = setInterval(() => {
      const next = Math.min(
        COUNT_UP_STEPS,
        Math.floor((performance.now() - start) / DELAYS_MS.countUpStep),
      );
      setStep(next);
      if (next >= COUNT_UP_STEPS) clearInterval(id);
    }, DELAYS_MS.countUpStep);
    return () => clearInterval(id);
  }, [target, run]);
  return run ? countUpValue(target, step) : 0;
}

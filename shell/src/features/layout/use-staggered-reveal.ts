import { useEffect, useState } from 'react';

/**
 * How many of `count` items are shown: when opened they appear one after
 * another, `stepMs` apart (spec: 300 ms); when closed all hide at once.
 * Each next item is scheduled only after the previous one was drawn, so a
 * busy main thread delays the reveal but never bunches two items together.
 */
export function useStaggeredReveal(open: boolean, count: number, stepMs: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!open) {
      setShown(0);
      return undefined;
    }
    if (shown === 0) {
      setShown(1);
      return undefined;
    }
    if (shown >= count) return undefined;
    const timer = setTimeout(() => setShown(shown + 1), stepMs);
    return () => clearTimeout(timer);
  }, [open, shown, count, stepMs]);
  return shown;
}

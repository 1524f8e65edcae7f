import { useEffect, useState } from 'react';

/**
 * How many of `count` items are shown: when opened they appear one after
 * another, `stepMs` apart (spec: 300 ms); when closed all hide at once.
 */
export function useStaggeredReveal(open: boolean, count: number, stepMs: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!open) {
      setShown(0);
      return undefined;
    }
    setShown(1);
    let next = 1;
    const timer = setInterval(() => {
      next += 1;
      setShown(Math.min(next, count));
      if (next >= count) clearInterval(timer);
    }, stepMs);
    return () => clearInterval(timer);
  }, [open, count, stepMs]);
  return shown;
}

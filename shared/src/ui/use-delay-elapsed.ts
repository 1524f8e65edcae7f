import { useEffect, useState } from 'react';

/** True once `ms` have passed since the component mounted (the spec's loading delays). */
export function useDelayElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return undefined;
    const id = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return elapsed;
}

import { useEffect, useState } from 'react';
import { errorText, notify, type ApiError } from '@panel/shared';

/** True once `ms` have passed since the component mounted (the spec's dashboard loading delay). */
export function useDelayElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return undefined;
    const id = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return elapsed;
}

/** One toast per failed load: the spec's prefix plus the mapped detail text (section 8). */
export function useErrorToast(error: ApiError, prefix: string): void {
  useEffect(() => {
    if (error) notify.error(`${prefix}${errorText(error)}`);
  }, [error, prefix]);
}

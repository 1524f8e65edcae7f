import { useEffect } from 'react';

/**
 * While `active`, reloading or closing the tab asks first. The shell uses a
 * plain router (no data router), so in-app navigation is not intercepted.
 */
export function useBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

import { useEffect, useSyncExternalStore } from 'react';

/**
 * The shell's full-screen loading overlay (spec section 2), which remotes
 * drive and the shell draws. A counter, so overlapping owners do not hide
 * each other's overlay. Kept outside the Redux store: the login page shows
 * it, and loads no Redux Toolkit before its first submit.
 */
let owners = 0;
const listeners = new Set<() => void>();

function change(by: number): void {
  owners = Math.max(0, owners + by);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isVisible = () => owners > 0;

/** Whether anyone asks for the overlay now; re-renders the caller when that changes. */
export function useOverlayVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, isVisible);
}

/** Shows the shell's full-screen loading overlay while `active` is true. */
export function useLoadingOverlay(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    change(1);
    return () => change(-1);
  }, [active]);
}

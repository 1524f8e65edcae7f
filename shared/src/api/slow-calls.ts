import { useSyncExternalStore } from 'react';

import { API_SLOW_MS } from '../config/constants';

interface Call {
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
  slow: boolean;
}

/**
 * Every API call in flight, so that one notice can say when any of them is
 * slow and one Cancel can stop them all. Kept outside the Redux store, like
 * the loading overlay: the shell draws the notice on the login page too.
 */
const calls = new Set<Call>();
let slowCount = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anySlow = () => slowCount > 0;

export interface TrackedCall {
  /** The call's signal: aborted when its caller gives up or the user presses Cancel. */
  signal: AbortSignal;
  /** Called once the call has ended, however it ended. */
  done: () => void;
}

/**
 * Tracks one call: after API_SLOW_MS still running it counts as slow. The
 * caller's own signal (an unsubscribed query, an aborted mutation) still
 * aborts it.
 */
export function trackCall(callerSignal: AbortSignal): TrackedCall {
  const controller = new AbortController();
  if (callerSignal.aborted) controller.abort(callerSignal.reason);
  const follow = () => controller.abort(callerSignal.reason);
  callerSignal.addEventListener('abort', follow, { once: true });
  const call: Call = {
    controller,
    slow: false,
    timer: setTimeout(() => {
      call.slow = true;
      slowCount += 1;
      changed();
    }, API_SLOW_MS),
  };
  calls.add(call);
  return {
    signal: controller.signal,
    done: () => {
      if (!calls.delete(call)) return;
      clearTimeout(call.timer);
      callerSignal.removeEventListener('abort', follow);
      if (call.slow) {
        slowCount -= 1;
        changed();
      }
    },
  };
}

/** Aborts every call in flight: each ends at once as "could not contact the API". */
export function cancelCalls(): void {
  for (const call of calls) call.controller.abort(new DOMException('Cancelled', 'AbortError'));
}

/** Whether a call has been running longer than API_SLOW_MS; re-renders the caller when that changes. */
export function useSlowCall(): boolean {
  return useSyncExternalStore(subscribe, anySlow, anySlow);
}

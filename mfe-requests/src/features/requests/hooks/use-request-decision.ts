import { useCallback, useRef, useState } from 'react';
import { describeError, MESSAGES, notify, type ApiError } from '@panel/shared';

import { useDecideRequestMutation } from '../api/decide-request';

const TEXTS = {
  approve: { done: MESSAGES.requestApproved, failedPrefix: MESSAGES.approveFailedPrefix },
  deny: { done: MESSAGES.requestDenied, failedPrefix: MESSAGES.denyFailedPrefix },
} as const;

export type Decision = keyof typeof TEXTS;

/**
 * Accept and Deny for every card of a list, one at a time (spec section 4:
 * "the UI blocks a second action while one is in flight"). The ref closes the
 * gap before React re-renders, so even a double click sends one POST.
 */
export function useRequestDecision() {
  const [decide] = useDecideRequestMutation();
  const inFlight = useRef(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  // Stable, so the cards (memoised) do not re-render when the list grows.
  const run = useCallback(
    async (id: number, decision: Decision) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setBusyId(id);
      const texts = TEXTS[decision];
      try {
        await decide({ id, approved: decision === 'approve' }).unwrap();
        notify.success(texts.done);
      } catch (failure) {
        notify.error(`${texts.failedPrefix}${describeError(failure as ApiError).text}`);
      } finally {
        inFlight.current = false;
        setBusyId(null);
      }
    },
    [decide],
  );

  return { decide: run, busyId };
}

import { useCallback, useRef, useState } from 'react';
import { describeError, MESSAGES, notify, type ApiError } from '@panel/shared';

import { useDecideRequestMutation } from '../api/decide-request';

const TEXTS = {
  approve: { done: MESSAGES.requestApproved, failedPrefix: MESSAGES.approveFailedPrefix },
  deny: { done: MESSAGES.requestDenied, failedPrefix: MESSAGES.denyFailedPrefix },
} as const;

export type Decision = keyof typeof TEXTS;

/** What the decision dialogs add to the spec's call: fewer per line, or the reason. */
export interface DecisionDetails {
  quantities?: number[];
  explanation?: string;
}

/**
 * Accept and Deny for every card of a list, one at a time (spec section 4:
 * "the UI blocks a second action while one is in flight"). The ref closes the
 * gap before React re-renders, so even a double click sends one POST.
 * Resolves true when the decision was taken, so its dialog can close.
 */
export function useRequestDecision() {
  const [decide] = useDecideRequestMutation();
  const inFlight = useRef(false);
  const [busyId, setBusyId] = useState<number | null>(null);

  // Stable, so the cards (memoised) do not re-render when the list grows.
  const run = useCallback(
    async (id: number, decision: Decision, details: DecisionDetails = {}): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setBusyId(id);
      const texts = TEXTS[decision];
      try {
        await decide({ id, approved: decision === 'approve', ...details }).unwrap();
        notify.success(texts.done);
        return true;
      } catch (failure) {
        notify.error(`${texts.failedPrefix}${describeError(failure as ApiError).text}`);
        return false;
      } finally {
        inFlight.current = false;
        setBusyId(null);
      }
    },
    [decide],
  );

  return { decide: run, busyId };
}

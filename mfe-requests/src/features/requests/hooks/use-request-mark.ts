import { useCallback, useState } from 'react';
import { describeError, notify, type ApiError } from '@panel/shared';
import { DECISION_MESSAGES } from '@panel/shared/page-ui';

import { useMarkRequestMutation, type MarkRequestArgs } from '../api/mark-request';

/** Mark sent / Mark received on Accepted cards: one at a time, a toast either way. */
export function useRequestMark() {
  const [markRequest] = useMarkRequestMutation();
  const [markingId, setMarkingId] = useState<number | null>(null);

  const mark = useCallback(
    async (id: number, step: MarkRequestArgs['step']) => {
      setMarkingId(id);
      try {
        await markRequest({ id, step }).unwrap();
        notify.success(
          step === 'sent' ? DECISION_MESSAGES.markedSent : DECISION_MESSAGES.markedReceived,
        );
      } catch (failure) {
        notify.error(
          `${DECISION_MESSAGES.markFailedPrefix}${describeError(failure as ApiError).text}`,
        );
      } finally {
        setMarkingId(null);
      }
    },
    [markRequest],
  );

  return { mark, markingId };
}

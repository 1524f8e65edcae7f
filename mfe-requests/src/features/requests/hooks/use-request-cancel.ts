import { useCallback, useState } from 'react';
import { describeError, notify, type ApiError } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import { useCancelRequestMutation } from '../api/cancel-request';

/**
 * The shop's Cancel on a Pending card: `ask` opens the confirmation for a
 * request, `confirm` sends it. One at a time, like Accept and Deny.
 */
export function useRequestCancel() {
  const [cancel, { isLoading: cancelling }] = useCancelRequestMutation();
  const [asked, setAsked] = useState<number | null>(null);

  const ask = useCallback((id: number) => setAsked(id), []);
  const close = useCallback(() => setAsked(null), []);

  const confirm = useCallback(async () => {
    if (asked === null) return;
    try {
      await cancel(asked).unwrap();
      notify.success(PAGE_MESSAGES.followUp.requestCancelled);
    } catch (failure) {
      notify.error(
        `${PAGE_MESSAGES.followUp.cancelFailedPrefix}${describeError(failure as ApiError).text}`,
      );
    } finally {
      setAsked(null);
    }
  }, [asked, cancel]);

  return { asked, ask, close, confirm, cancelling };
}

import { useEffect } from 'react';
import { useSession } from '@panel/shared';
import { useAppDispatch } from '@panel/shared/data';

import { openLiveUpdates } from './live-updates';

/** Live updates for as long as someone is logged in; a new token (own password change) opens a new stream. */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const { token } = useSession();
  useEffect(() => (token ? openLiveUpdates(dispatch) : undefined), [dispatch, token]);
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  api,
  MESSAGES,
  notify,
  onSessionEnd,
  useAppDispatch,
  type SessionEndReason,
} from '@panel/shared';

const REASON_TEXT: Record<SessionEndReason, string> = {
  forbidden: MESSAGES.permissionDenied,
  expired: MESSAGES.sessionExpired,
};

/**
 * The API slice announces a 401/403 after clearing storage; here the cached
 * data of the old session is dropped and the user is sent on (spec section 2).
 * The page whose call failed is gone with the cache, so the reason is told
 * here, in a toast: the container lives above the routes, so it stays up
 * through /home and on to the login page, where a user without a token lands.
 */
export function SessionListener() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      onSessionEnd(({ reason, redirectTo }) => {
        notify.error(REASON_TEXT[reason]);
        dispatch(api.util.resetApiState());
        navigate(redirectTo, { replace: true });
      }),
    [dispatch, navigate],
  );
  return null;
}

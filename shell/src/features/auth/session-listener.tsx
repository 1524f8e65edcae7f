import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, onSessionEnd, useAppDispatch } from '@panel/shared';

/**
 * The API slice announces a 401/403 after clearing storage; here the cached
 * data of the old session is dropped and the user is sent on (spec section 2).
 */
export function SessionListener() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      onSessionEnd(({ redirectTo }) => {
        dispatch(api.util.resetApiState());
        navigate(redirectTo, { replace: true });
      }),
    [dispatch, navigate],
  );
  return null;
}

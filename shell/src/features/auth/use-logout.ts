import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS, clearSession, getSession } from '@panel/shared';
import { api, useAppDispatch } from '@panel/shared/data';

import { authLogOut } from './api/log-out';

/**
 * Logout and Sign Out: end the token on the server, clear both storages and
 * every cached answer, then go to login. The server call is best effort: a
 * network failure must not keep anyone logged in on this device. Storage is
 * cleared first, with the token in hand, so a 401 for a token that had
 * already expired is not taken for a session ending mid-use.
 */
export function useLogout() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(() => {
    const { token } = getSession();
    clearSession();
    dispatch(api.util.resetApiState());
    if (token) void dispatch(authLogOut.initiate(token));
    navigate(PATHS.login);
  }, [dispatch, navigate]);
}

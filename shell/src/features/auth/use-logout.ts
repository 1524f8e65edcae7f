import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS, api, clearSession, useAppDispatch } from '@panel/shared';

/** Logout and Sign Out: clear both storages and every cached answer, then go to login. */
export function useLogout() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return useCallback(() => {
    clearSession();
    dispatch(api.util.resetApiState());
    navigate(PATHS.login);
  }, [dispatch, navigate]);
}

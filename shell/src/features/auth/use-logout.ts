import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS, clearSession } from '@panel/shared';
import { api, useAppDispatch } from '@panel/shared/data';

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

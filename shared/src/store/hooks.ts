import { useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';

import type { AppDispatch, AppStore, RootState } from './make-store';
import { overlayHidden, overlayShown } from './ui-slice';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** Shows the shell's full-screen loading overlay while `active` is true. */
export function useLoadingOverlay(active: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!active) return undefined;
    dispatch(overlayShown());
    return () => {
      dispatch(overlayHidden());
    };
  }, [active, dispatch]);
}

import { combineSlices, configureStore } from '@reduxjs/toolkit';

import { api } from '../api/base-api';
import { uiSlice } from './ui-slice';

const rootReducer = combineSlices(api, uiSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the one store of the page. At run time only the shell calls it;
 * component tests call it to render a screen with a real store.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

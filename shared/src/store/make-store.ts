import { combineSlices, configureStore } from '@reduxjs/toolkit';

import { api } from '../api/base-api';

const rootReducer = combineSlices(api);

export type RootState = ReturnType<typeof rootReducer>;

function buildStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof buildStore>;
export type AppDispatch = AppStore['dispatch'];

let current: AppStore | undefined;
let waiting: Array<(store: AppStore) => void> = [];

/**
 * Builds the one store of the page. At run time only the shell calls it;
 * component tests call it to render a screen with a real store.
 */
export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  const store = buildStore(preloadedState);
  current = store;
  for (const resolve of waiting) resolve(store);
  waiting = [];
  return store;
}

/**
 * The store, once the shell has made it: for code that dispatches outside
 * React (the login form, which is drawn before the store exists).
 */
export function whenStore(): Promise<AppStore> {
  return current ? Promise.resolve(current) : new Promise((resolve) => waiting.push(resolve));
}

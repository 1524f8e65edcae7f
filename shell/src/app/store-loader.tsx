import { Suspense, use, useState, type ReactNode } from 'react';
import { onSessionEnd } from '@panel/shared';

type DataLayer = typeof import('@panel/shared/data');

interface LoadedStore {
  store: ReturnType<DataLayer['makeStore']>;
  Provider: DataLayer['StoreProvider'];
}

let loading: Promise<LoadedStore> | undefined;
let loaded: LoadedStore | undefined;

/**
 * Loads the data layer (Redux Toolkit, RTK Query, react-redux: its own
 * shared module) and makes the page's one store, once. The login page is
 * drawn without it; the shell starts this as soon as that page is up, and
 * every other page waits for it. The logged-in pages' building blocks
 * (@panel/shared/page-ui) and the contract's schemas (@panel/shared/contract,
 * which the forms check) come with it: they are in the same chunk, and
 * importing them here is also what makes the shell's build provide them to
 * the remotes (a shared module nobody in the build imports is not provided).
 */
export function loadStore(): Promise<LoadedStore> {
  loading ??= Promise.all([
    import('@panel/shared/data'),
    import('@panel/shared/page-ui'),
    import('@panel/shared/contract'),
  ]).then(
    ([data]) => {
      const store = data.makeStore();
      // A call that finds the session gone drops the old session's cached data.
      onSessionEnd(() => store.dispatch(data.api.util.resetApiState()));
      window.__PANEL__ = { ...window.__PANEL__, store, api: data.api };
      loaded = { store, Provider: data.StoreProvider };
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function AwaitStore({ children }: { children: ReactNode }) {
  const { store, Provider } = use(loadStore());
  return <Provider store={store}>{children}</Provider>;
}

/**
 * Draws `children` inside the store's Provider. Once the store exists it is
 * drawn at once (React's `use` would suspend once even for a settled
 * promise, and React then holds the fallback ~300 ms); chosen at mount.
 */
export function WithStore({ children }: { children: ReactNode }) {
  const [ready] = useState(() => loaded);
  if (ready) return <ready.Provider store={ready.store}>{children}</ready.Provider>;
  return (
    <Suspense fallback={null}>
      <AwaitStore>{children}</AwaitStore>
    </Suspense>
  );
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsWanted, useSession } from '@panel/shared';

const PanelToastContainer = lazy(
  () => import(/* webpackChunkName: "lazy-toasts" */ './toast-container'),
);

/**
 * Mounts the toast container (and so fetches react-toastify) once a toast is
 * asked for or a user is logged in, not on the way to the login form.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted);
  const loggedIn = useSession().role !== null;
  if (!wanted && !loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <PanelToastContainer />
    </Suspense>
  );
}

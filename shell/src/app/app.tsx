import { BrowserRouter } from 'react-router-dom';

import { SessionListener } from '../features/auth/session-listener';
import { DocumentTitle } from '../features/layout/document-title';
import { LoadingOverlay } from '../features/layout/loading-overlay';
import { SlowCallNotice } from '../features/layout/slow-call-notice';
import { Toasts } from '../features/toasts/toasts';
import { AppRoutes } from './app-routes';
import { WarmRemotePages } from './preload-pages';
import './global.css';

/**
 * The shell's frame. The store's Provider is not here: the login page is
 * drawn before the data layer has loaded, and the routes that need the store
 * wait for it (app-routes).
 */
export function App() {
  return (
    <>
      {/* Navigations commit at once, in the same render as the session change
          they go with: as a transition, Logout's move to /auth/login lost to
          the guard, which saw no session on the old page and redirected. */}
      <BrowserRouter useTransitions={false}>
        <SessionListener />
        <DocumentTitle />
        <AppRoutes />
        <LoadingOverlay />
        <SlowCallNotice />
        <WarmRemotePages />
        <Toasts />
      </BrowserRouter>
    </>
  );
}

import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFoundPage, PATHS, useSession } from '@panel/shared';

import { RequireAuth } from '../features/auth/require-auth';
import { RemotePage } from '../features/remotes/remote-page';
import { DocumentReload, documentAllowsWasm } from './document-reload';
import { PanelLayoutRoute, SupportPageRoute } from './load-panel-pages';
import { AUTH_ROUTES, PANEL_ROUTES, type RemoteRoute } from './route-table';
import { WithStore } from './store-loader';

/** A page of a remote, or the 404 page for a role the route is not for. */
function GuardedRemote({ route }: { route: RemoteRoute }) {
  const role = useSession().role;
  if (role === null || !route.roles.includes(role)) return <NotFoundPage />;
  if (route.needsWasm && !documentAllowsWasm) return <DocumentReload />;
  return <RemotePage remote={route.remote} exposed={route.exposed} viewer={role} />;
}

/**
 * The /auth/ pages are loaded as a guest whoever opens them: a login made on
 * the page changes the session, and a viewer taken from it would reload the
 * page under the user and cancel its move to /home.
 */
function AuthRemote({ route }: { route: RemoteRoute }) {
  const page = <RemotePage remote={route.remote} exposed={route.exposed} viewer="guest" />;
  return route.needsStore ? <WithStore>{page}</WithStore> : page;
}

export function AppRoutes() {
  return (
    <Routes>
      {AUTH_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={<AuthRemote route={route} />} />
      ))}
      <Route path="/auth/*" element={<Navigate to={PATHS.login} replace />} />
      <Route element={<RequireAuth />}>
        {/* Fetched at login or at start with a session (preload-pages), so these
            are seldom drawn through a Suspense fallback. */}
        <Route
          element={
            <WithStore>
              <PanelLayoutRoute />
            </WithStore>
          }
        >
          <Route index element={<Navigate to={PATHS.home} replace />} />
          {PANEL_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={<GuardedRemote route={route} />} />
          ))}
          <Route path={PATHS.support} element={<SupportPageRoute />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

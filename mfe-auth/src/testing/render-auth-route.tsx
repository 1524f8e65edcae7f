import { Route, Routes, useLocation } from 'react-router-dom';

import { PATHS, setApiBaseUrl } from '@panel/shared';
import { renderWithProviders } from '@panel/shared/testing';

import ForgotPasswordPage from '../exposed/forgot-password-page';
import LoginPage from '../exposed/login-page';
import RegisterPage from '../exposed/register-page';

// Node's Request (which the jsdom environment uses) refuses relative URLs.
setApiBaseUrl('http://localhost');

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Renders the exposed auth pages as the shell routes them, plus a /home stand-in. */
export function renderAuthRoute(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={PATHS.login} element={<LoginPage />} />
        <Route path={PATHS.register} element={<RegisterPage />} />
        <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={PATHS.home} element={<h1>Home stand-in</h1>} />
      </Routes>
      <WhereAmI />
    </>,
    { route },
  );
}

/** The Request object RTK Query handed to the mocked fetch on call `n`. */
export function fetchedRequest(spy: jest.SpyInstance, n = 0): Request {
  return spy.mock.calls[n]?.[0] as Request;
}

import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { SHOP_LOGIN_STATUS, type Role } from '../auth/roles';
import { saveLogin } from '../auth/session';
import { makeStore, type AppStore, type RootState } from '../store/make-store';

interface ProvidersOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
}

/** Renders a screen with the real store and a router, as STYLE.md asks. */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    ...options
  }: ProvidersOptions = {},
) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper, ...options }) };
}

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

/**
 * Renders pages at their paths, as the shell's route table places them, with
 * the real store and router. Any other path renders nothing, so a test follows
 * a navigation through `screen.getByTestId('location')`.
 */
export function renderRoutes(pages: Record<string, ReactElement>, options: ProvidersOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        {Object.entries(pages).map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
        <Route path="*" element={null} />
      </Routes>
      <CurrentLocation />
    </>,
    options,
  );
}

/** The Request the app handed to the mocked fetch on call `n`. */
export function fetchedRequest(spy: jest.SpyInstance, n = 0): Request {
  return spy.mock.calls[n]?.[0] as Request;
}

/** A JSON fetch answer for tests that replace global fetch at the edge. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export type MockRoute = (request: Request) => Response | Promise<Response>;

/**
 * Replaces fetch at the edge with answers chosen by API path (prefix and
 * trailing slash dropped, query string ignored): the real store, endpoints
 * and error mapping all still run. An unknown path answers 404, so a missing
 * mock shows up as a visible failure. A route is a JSON body or a function of
 * the Request.
 */
export function mockApi(routes: Record<string, MockRoute | unknown>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url, 'http://localhost').pathname
      .replace(/^\/api\/v0/, '')
      .replace(/\/$/, '');
    const route = routes[path];
    if (route === undefined) return jsonResponse({ error: `no mock for ${path}` }, 404);
    return typeof route === 'function' ? (route as MockRoute)(request) : jsonResponse(route);
  });
}

/**
 * Logs a role in through the session API, as the login page does; `remember`
 * also keeps the token in local storage (Remember me ticked).
 */
export function loginAs(role: Role, shopId = 7, { remember = false, token = 'test-token' } = {}) {
  saveLogin({
    token,
    status: role === 'shop' ? SHOP_LOGIN_STATUS : 'super_admin',
    shopId: role === 'shop' ? shopId : null,
    remember,
  });
}

/** Count-up animations jump to their value, so tests need not wait two seconds. */
export function preferReducedMotion() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

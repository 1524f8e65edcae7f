import { setApiBaseUrl } from '@panel/shared';
import { jsonResponse } from '@panel/shared/testing';

export type Route = (request: Request) => Response | Promise<Response>;

/**
 * Replaces fetch at the edge with answers chosen by path (query string
 * ignored): the real store, endpoints and error mapping all still run.
 * Unknown paths answer 404 so a missing mock shows up as a visible failure.
 */
export function mockApi(routes: Record<string, Route | unknown>) {
  // Node's Request rejects relative URLs; in the browser the API is same-origin.
  setApiBaseUrl('http://localhost');
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url, 'http://localhost').pathname
      .replace(/^\/api\/v0/, '')
      .replace(/\/$/, '');
    const route = routes[path];
    if (route === undefined) return jsonResponse({ error: `no mock for ${path}` }, 404);
    return typeof route === 'function' ? (route as Route)(request) : jsonResponse(route);
  });
}

/** Logs a role in the way the shell leaves storage after login. */
export function loginAs(role: 'shop' | 'provider', shopId = 7) {
  sessionStorage.setItem('loginStatus', 'test-token');
  localStorage.setItem('status', role === 'shop' ? 'admin' : 'super_admin');
  if (role === 'shop') localStorage.setItem('shop_id', String(shopId));
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

/** Panel and auth paths of spec section 2. */
export const PATHS = {
  login: '/auth/login',
  loginRedirect: '/auth/login/',
  register: '/auth/register',
  forgotPassword: '/auth/forgotPassword',
  /** The activation mail's one-time link (api/src/lib/notifications.ts). */
  setPassword: '/auth/set-password',
  home: '/home',
  loan: '/loan',
  return: '/return',
  shop: '/shop',
  /** The super admin's page of one shop (issue 32). */
  shopPage: '/shop/:id',
  qr: '/qr',
  containers: '/containers',
  lend: '/lend',
  takeBack: '/take-back',
  requests: '/requests',
  support: '/support',
  profile: '/profile',
  /** The super admin's audit log (issue 33). */
  audit: '/audit',
} as const;

export type RequestsPage = 'main' | 'pending' | 'accepted' | 'denied' | 'cancelled';

export const requestsPath = (page: RequestsPage) => `${PATHS.requests}?page=${page}`;

/**
 * `path` without the slashes it ends with ('/loan/' → '/loan', '/' → ''),
 * by a loop: the one pattern that does this in linear time needs a
 * lookbehind, which the backtracking check (api/test/regex-safety) can
 * only fuzz, with a result that varies from run to run.
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

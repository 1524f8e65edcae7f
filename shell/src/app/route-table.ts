import { PATHS, type Role } from '@panel/shared';

/**
 * Which remote page serves each path and which roles may open it. A role
 * outside the list gets the 404 page (spec section 6) and never downloads
 * the remote.
 */
export interface RemoteRoute {
  path: string;
  remote: string;
  exposed: string;
  roles: readonly Role[];
}

const BOTH: readonly Role[] = ['shop', 'provider'];

export const PANEL_ROUTES: readonly RemoteRoute[] = [
  { path: PATHS.home, remote: 'mfe_dashboard', exposed: './HomePage', roles: BOTH },
  { path: PATHS.loan, remote: 'mfe_dashboard', exposed: './LoansPage', roles: ['shop'] },
  { path: PATHS.return, remote: 'mfe_dashboard', exposed: './ReturnsPage', roles: ['shop'] },
  { path: PATHS.containers, remote: 'mfe_dashboard', exposed: './ContainersPage', roles: ['shop'] },
  { path: PATHS.requests, remote: 'mfe_requests', exposed: './RequestsPage', roles: BOTH },
  { path: PATHS.shop, remote: 'mfe_shops', exposed: './ShopListPage', roles: ['provider'] },
  { path: PATHS.profile, remote: 'mfe_shops', exposed: './ProfilePage', roles: ['shop'] },
  { path: PATHS.qr, remote: 'mfe_qr', exposed: './QrPage', roles: ['provider'] },
];

export const AUTH_ROUTES = [
  { path: PATHS.login, remote: 'mfe_auth', exposed: './LoginPage' },
  { path: PATHS.register, remote: 'mfe_auth', exposed: './RegisterPage' },
  { path: PATHS.forgotPassword, remote: 'mfe_auth', exposed: './ForgotPasswordPage' },
] as const;

import { NotFoundPage, useSession } from '@panel/shared';

import { ProviderDashboard } from './provider-dashboard';
import { ShopDashboard } from './shop-dashboard';

/** /home for both roles: the login status decides which dashboard is drawn. */
export function HomePage() {
  const role = useSession().role;
  if (role === 'provider') return <ProviderDashboard />;
  if (role === 'shop') return <ShopDashboard />;
  return <NotFoundPage />;
}

import { PlaceholderPage } from '@panel/shared';

export { remoteVersion } from '../remote-version';

export default function ShopListPage() {
  return <PlaceholderPage title="Shop List" remote="mfe-shops" />;
}

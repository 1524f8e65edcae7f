import { PlaceholderPage } from '@panel/shared';

export { remoteVersion } from '../remote-version';

export default function ProfilePage() {
  return <PlaceholderPage title="My Profile" remote="mfe-shops" />;
}

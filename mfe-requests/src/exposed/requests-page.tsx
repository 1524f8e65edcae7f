import { PlaceholderPage } from '@panel/shared';

export { remoteVersion } from '../remote-version';

export default function RequestsPage() {
  return <PlaceholderPage title="Requests" remote="mfe-requests" />;
}

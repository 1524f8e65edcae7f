import { MESSAGES, PlaceholderPage } from '@panel/shared';

export { remoteVersion } from '../remote-version';

export default function QrPage() {
  return <PlaceholderPage title={MESSAGES.qrTitle} remote="mfe-qr" />;
}

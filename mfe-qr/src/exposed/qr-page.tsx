export { QrPage as default } from '../features/qr-codes/components/qr-page';
export { remoteVersion } from '../remote-version';

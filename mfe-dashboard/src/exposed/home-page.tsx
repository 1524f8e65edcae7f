export { HomePage as default } from '../features/dashboard/components/home-page';
export { remoteVersion } from '../remote-version';

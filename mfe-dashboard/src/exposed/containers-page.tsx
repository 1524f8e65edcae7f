export { ContainersPage as default } from '../features/stock/components/containers-page';
export { remoteVersion } from '../remote-version';

export { LendPage as default } from '../features/lend/components/lend-page';
export { remoteVersion } from '../remote-version';

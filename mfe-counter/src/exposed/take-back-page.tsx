export { TakeBackPage as default } from '../features/take-back/components/take-back-page';
export { remoteVersion } from '../remote-version';

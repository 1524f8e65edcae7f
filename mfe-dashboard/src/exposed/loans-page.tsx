export { LoansPage as default } from '../features/loans/components/loans-page';
export { remoteVersion } from '../remote-version';

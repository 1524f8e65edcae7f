export { AuditPage as default } from '../features/audit/components/audit-page';
export { remoteVersion } from '../remote-version';

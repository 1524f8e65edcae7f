import { ContainersPage } from '../features/stock/components/containers-page';

export { remoteVersion } from '../remote-version';

export default ContainersPage;

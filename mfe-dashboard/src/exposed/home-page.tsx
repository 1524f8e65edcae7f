import { HomePage } from '../features/dashboard/components/home-page';

export { remoteVersion } from '../remote-version';

export default HomePage;

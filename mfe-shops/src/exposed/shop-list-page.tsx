export { ShopListPage as default } from '../features/shop-list/components/shop-list-page';
export { remoteVersion } from '../remote-version';

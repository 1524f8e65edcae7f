export { ShopPage as default } from '../features/shop-page/components/shop-page';
export { remoteVersion } from '../remote-version';

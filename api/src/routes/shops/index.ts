import { routeGroup } from '../route-group';
import changeOwnPassword from './change-own-password';
import changePassword from './change-password';
import changeShopStatus from './change-shop-status';
import listShops from './list-shops';
import settings from './settings';
import shopInfo from './shop-info';
import updateProfile from './update-profile';

/** Shop management: the super admin's list, (de)activation and password; each shop's profile, settings and own password. */
export default routeGroup([
  listShops,
  shopInfo,
  updateProfile,
  changeShopStatus,
  changePassword,
  changeOwnPassword,
  settings,
]);

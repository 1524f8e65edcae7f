import { routeGroup } from '../route-group';
import changeOwnPassword from './change-own-password';
import changePassword from './change-password';
import changeShopStatus from './change-shop-status';
import getShopLeague from './get-shop-league';
import getShopOverview from './get-shop-overview';
import listShopFigures from './list-shop-figures';
import listShopActivity from './list-shop-activity';
import listShops from './list-shops';
import settings from './settings';
import shopInfo from './shop-info';
import updateProfile from './update-profile';

/** Shop management: the super admin's list, its figures, a shop's page, (de)activation and password; each shop's profile, settings, own password and own activity. */
export default routeGroup([
  listShops,
  listShopFigures,
  getShopLeague,
  getShopOverview,
  shopInfo,
  updateProfile,
  changeShopStatus,
  changePassword,
  changeOwnPassword,
  settings,
  listShopActivity,
]);

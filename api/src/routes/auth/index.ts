import { routeGroup } from '../route-group';
import forgetPassword from './forget-password';
import login from './login';
import logout from './logout';
import logoutEverywhere from './logout-everywhere';
import register from './register';
import resetPassword from './reset-password';
import setPassword from './set-password';

/** Accounts: log in, log out, sign out everywhere, register a shop, reset a forgotten password, set one by the activation link. */
export default routeGroup([
  login,
  logout,
  logoutEverywhere,
  register,
  forgetPassword,
  resetPassword,
  setPassword,
]);

/**
 * The spec names the two viewers inconsistently ('admin' is the shop user in
 * the menu notes, the provider in the dashboard notes). In code there is one
 * mapping, made here: login status 'admin' is a shop user, any other status
 * is the provider's super admin. 'guest' is anyone not logged in.
 */
export type Role = 'shop' | 'provider';
export type Viewer = Role | 'guest';

export const SHOP_LOGIN_STATUS = 'admin';

export function roleFromStatus(status: string | null | undefined): Role | null {
  if (status === null || status === undefined || status === '') return null;
  return status === SHOP_LOGIN_STATUS ? 'shop' : 'provider';
}

export const MENU_TITLES: Record<Role, string> = {
  shop: 'Admin',
  provider: 'Super admin',
};

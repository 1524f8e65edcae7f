import { roleFromStatus } from '../roles';
import {
  clearSession,
  getRole,
  getShopId,
  getToken,
  isRememberedInBoth,
  replaceToken,
  saveLogin,
  STORAGE_KEYS,
} from '../session';

describe('roles', () => {
  it("maps login status 'admin' to the shop user and anything else to the provider", () => {
    expect(roleFromStatus('admin')).toBe('shop');
    expect(roleFromStatus('super_admin')).toBe('provider');
    expect(roleFromStatus('anything')).toBe('provider');
    expect(roleFromStatus(null)).toBeNull();
  });
});

describe('session storage rules', () => {
  it.each([
    [false, null],
    [true, 'fresh'],
  ])('replaceToken keeps the login where it was (remember %p)', (remember, stored) => {
    saveLogin({ token: 'before', status: 'admin', shopId: 7, remember });
    replaceToken('fresh');
    expect(getToken()).toBe('fresh');
    expect(sessionStorage.getItem('loginStatus')).toBe('fresh');
    expect(localStorage.getItem('loginStatus')).toBe(stored);
    expect(getRole()).toBe('shop');
    expect(getShopId()).toBe(7);
  });

  it('keeps the token in session storage only, unless Remember me is ticked', () => {
    saveLogin({ token: 't1', status: 'admin', shopId: 7, remember: false });
    expect(sessionStorage.getItem('loginStatus')).toBe('t1');
    expect(localStorage.getItem('loginStatus')).toBeNull();
    expect(localStorage.getItem('status')).toBe('admin');
    expect(localStorage.getItem('shop_id')).toBe('7');
    expect(isRememberedInBoth()).toBe(false);

    saveLogin({ token: 't2', status: 'admin', shopId: 7, remember: true });
    expect(localStorage.getItem('loginStatus')).toBe('t2');
    expect(isRememberedInBoth()).toBe(true);
    expect(getRole()).toBe('shop');
    expect(getShopId()).toBe(7);
  });

  it('a later login without Remember me drops the remembered token', () => {
    saveLogin({ token: 'old', status: 'admin', shopId: 1, remember: true });
    saveLogin({ token: 'new', status: 'super_admin', shopId: null, remember: false });
    expect(localStorage.getItem('loginStatus')).toBeNull();
    expect(getToken()).toBe('new');
    expect(getRole()).toBe('provider');
    expect(getShopId()).toBeNull();
  });

  it('clearing the session empties both storages but keeps the rollout id', () => {
    localStorage.setItem(STORAGE_KEYS.rolloutId, 'visitor-1');
    saveLogin({ token: 't', status: 'admin', shopId: 3, remember: true });
    clearSession();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.rolloutId)).toBe('visitor-1');
    expect(getRole()).toBeNull();
  });
});

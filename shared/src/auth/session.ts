import { roleFromStatus, type Role } from './roles';
import { announceSessionChanged } from './session-change';

/**
 * Client storage as spec section 3 lays it out: the token ('loginStatus') in
 * session storage always and in local storage too when Remember me is ticked;
 * the role kept in local storage under the response status; shop_id in local
 * storage.
 */
export const STORAGE_KEYS = {
  token: 'loginStatus',
  status: 'status',
  shopId: 'shop_id',
  /** Anonymous id for the staged-rollout bucket; survives logout so a visitor keeps one version. */
  rolloutId: 'panel_rollout_id',
} as const;

export interface LoginRecord {
  token: string;
  status: string;
  shopId?: number | null;
  remember: boolean;
}

export function saveLogin({ token, status, shopId, remember }: LoginRecord): void {
  sessionStorage.setItem(STORAGE_KEYS.token, token);
  if (remember) localStorage.setItem(STORAGE_KEYS.token, token);
  else localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.setItem(STORAGE_KEYS.status, status);
  if (shopId !== undefined && shopId !== null) {
    localStorage.setItem(STORAGE_KEYS.shopId, String(shopId));
  } else {
    localStorage.removeItem(STORAGE_KEYS.shopId);
  }
  announceSessionChanged();
}

/**
 * Puts a new token of the same login where the old one was kept (local
 * storage too only when Remember me was ticked), keeping role and shop: a
 * shop's own password change hands its session a new token.
 */
export function replaceToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEYS.token, token);
  if (localStorage.getItem(STORAGE_KEYS.token) !== null)
    localStorage.setItem(STORAGE_KEYS.token, token);
  announceSessionChanged();
}

/** Session storage first, local storage as fallback (spec section 7). */
export function getToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEYS.token) ?? localStorage.getItem(STORAGE_KEYS.token);
}

/** Spec: a login status stored in both storages skips the login page. */
export function isRememberedInBoth(): boolean {
  return (
    sessionStorage.getItem(STORAGE_KEYS.token) !== null &&
    localStorage.getItem(STORAGE_KEYS.token) !== null
  );
}

export function getRole(): Role | null {
  if (getToken() === null) return null;
  return roleFromStatus(localStorage.getItem(STORAGE_KEYS.status));
}

export function getShopId(): number | null {
  const raw = localStorage.getItem(STORAGE_KEYS.shopId);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

/** Logout, 401 and 403 all clear both storages (spec section 2). */
export function clearSession(): void {
  const rolloutId = localStorage.getItem(STORAGE_KEYS.rolloutId);
  localStorage.clear();
  sessionStorage.clear();
  if (rolloutId !== null) localStorage.setItem(STORAGE_KEYS.rolloutId, rolloutId);
  announceSessionChanged();
}

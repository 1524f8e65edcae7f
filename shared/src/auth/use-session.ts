import { useSyncExternalStore } from 'react';

import type { Role } from './roles';
import { getRole, getShopId, getToken, isRememberedInBoth } from './session';
import { SESSION_CHANGED_EVENT } from './session-change';

/** Who is using the panel: what every page needs to know of the login, as state. */
export interface Session {
  token: string | null;
  role: Role | null;
  shopId: number | null;
  /** The token is kept in both storages (Remember me): the login page is skipped (spec section 2). */
  remembered: boolean;
}

let snapshot: Session | null = null;

// Storage is the contract between the shell and the remotes (spec section 3).
// It is read again only after a change: one announced by this page, or
// another tab's, which arrives as a `storage` event.
function forget() {
  snapshot = null;
}
window.addEventListener(SESSION_CHANGED_EVENT, forget);
window.addEventListener('storage', forget);

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The session as last announced; for code outside React (the shell's loader). */
export function getSession(): Session {
  snapshot ??= {
    token: getToken(),
    role: getRole(),
    shopId: getShopId(),
    remembered: isRememberedInBoth(),
  };
  return snapshot;
}

/** The current session; re-renders the caller when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

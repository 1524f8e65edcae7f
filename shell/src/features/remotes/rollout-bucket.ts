import { STORAGE_KEYS, getSession } from '@panel/shared';

import type { RemoteEntry, RemoteRelease } from './remote-manifest';

/** FNV-1a: small, stable across browsers and visits, spreads ids evenly. */
export function hashToPercent(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/**
 * 128 random bits as hex. Not crypto.randomUUID: it exists only in secure
 * contexts, and the panel is also opened over plain HTTP at a machine's name.
 */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Who the user is for rollouts: the shop id when a shop is logged in, else an
 * anonymous id kept in local storage (it survives logout, see clearSession),
 * so the same person gets the same version on every visit.
 */
export function rolloutKey(): string {
  const { shopId } = getSession();
  if (shopId !== null) return `shop:${shopId}`;
  let anonymous = localStorage.getItem(STORAGE_KEYS.rolloutId);
  if (!anonymous) {
    anonymous = randomId();
    localStorage.setItem(STORAGE_KEYS.rolloutId, anonymous);
  }
  return `anon:${anonymous}`;
}

/** The remote's name is part of the hash so canaries of two remotes hit different users. */
export function chooseRelease(
  remoteName: string,
  entry: RemoteEntry,
  key = rolloutKey(),
): RemoteRelease {
  const canary = entry.canary;
  if (canary && hashToPercent(`${remoteName}:${key}`) < canary.percent) return canary;
  return entry;
}

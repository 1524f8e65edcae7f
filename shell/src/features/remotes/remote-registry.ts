import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { Viewer } from '@panel/shared';

import { expectCheckedRemote, expectIntegrity, integrityPlugin } from './integrity-plugin';
import type { RemoteRelease, RemotesManifest } from './remote-manifest';
import { chooseRelease } from './rollout-bucket';

export class RemoteNotAllowedError extends Error {}

let manifest: Pick<RemotesManifest, 'remotes' | 'requireIntegrity'> = { remotes: {} };
const registeredUrls = new Map<string, string>();
let integrityPluginRegistered = false;

export function setRemotesManifest(next: RemotesManifest): void {
  manifest = next;
}

/**
 * Registers a remote only when a page of it is about to load, and only for a
 * role that may use it: a role never downloads a remote it may not use.
 * `force` drops a failed or outdated registration (used by Retry).
 */
function ensureRegistered(remoteName: string, viewer: Viewer, force: boolean): RemoteRelease {
  const entry = manifest.remotes[remoteName];
  if (!entry) throw new Error(`No remote "${remoteName}" in remotes.json`);
  if (!entry.roles.includes(viewer)) {
    throw new RemoteNotAllowedError(`${remoteName} is not available to ${viewer}`);
  }
  const release = chooseRelease(remoteName, entry);
  // The runtime is given the entry itself, not the manifest beside it: the
  // manifest would be one more round trip before the entry (a remote builds
  // no fallback copies of shared packages, so there is nothing in it the
  // runtime needs first).
  const url = new URL('remoteEntry.js', release.url).href;
  // The entry loads only with the hash recorded at release.
  if (release.integrity) {
    expectIntegrity(url, release.integrity.entry);
    expectCheckedRemote(remoteName);
  } else if (manifest.requireIntegrity) {
    throw new Error(`${remoteName} ${release.version ?? ''} has no recorded integrity hash`);
  }
  if (!integrityPluginRegistered) {
    registerPlugins([integrityPlugin()]);
    integrityPluginRegistered = true;
  }
  if (!force && registeredUrls.get(remoteName) === url) return release;
  registerRemotes([{ name: remoteName, entry: url, type: 'global' }], {
    force: registeredUrls.has(remoteName),
  });
  registeredUrls.set(remoteName, url);
  return release;
}

/**
 * Fetches a page's chunks together with the entry, into the HTTP cache
 * (hashed chunks are served immutable), instead of one round trip after
 * the entry has run: its chunk loader then finds them cached and still
 * checks each against its hash. A plain fetch, not a <link rel=preload>: a
 * failed fetch leaves nothing behind, where Chrome reuses a failed preload
 * and Retry would never recover.
 */
function prefetchPageChunks(release: RemoteRelease, exposed: string): void {
  for (const file of release.pages?.[exposed] ?? []) {
    fetch(new URL(file, release.url).href)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
}

/** The version of a remote this user gets (stable or canary), for load reports. */
export function releaseVersionOf(remoteName: string): string {
  const entry = manifest.remotes[remoteName];
  return (entry && chooseRelease(remoteName, entry).version) || 'unknown';
}

export interface RemotePageModule {
  default: React.ComponentType;
  remoteVersion?: string;
}

const LOAD_TIMEOUT_MS = 15_000;

/**
 * Pages asked for before they are rendered (the page the shell opens on, the
 * pages the role may open next), so rendering finds them loaded or loading.
 * A failed load is forgotten, so the page's own load tries again.
 */
const pages = new Map<string, { promise: Promise<RemotePageModule>; loaded?: RemotePageModule }>();
const pageKey = (remoteName: string, exposed: string, viewer: Viewer) =>
  `${remoteName}|${exposed}|${viewer}`;

/** Starts loading a page (once); the page's first render then waits on this load instead of a new one. */
export function preloadRemotePage(
  remoteName: string,
  exposed: string,
  viewer: Viewer,
): Promise<RemotePageModule> {
  const key = pageKey(remoteName, exposed, viewer);
  const known = pages.get(key);
  if (known) return known.promise;
  const entry: { promise: Promise<RemotePageModule>; loaded?: RemotePageModule } = {
    promise: fetchRemotePage(remoteName, exposed, viewer, 0).then(
      (page) => {
        entry.loaded = page;
        return page;
      },
      (error: unknown) => {
        pages.delete(key);
        throw error;
      },
    ),
  };
  pages.set(key, entry);
  return entry.promise;
}

/** The page's module if a load of it has already finished: render it without a Suspense fallback. */
export function loadedRemotePage(
  remoteName: string,
  exposed: string,
  viewer: Viewer,
): RemotePageModule | undefined {
  return pages.get(pageKey(remoteName, exposed, viewer))?.loaded;
}

/** Loads an exposed page (the first attempt shares a preload); Retry (attempt > 0) loads afresh. */
export function loadRemotePage(
  remoteName: string,
  exposed: string,
  viewer: Viewer,
  attempt: number,
): Promise<RemotePageModule> {
  if (attempt === 0) return preloadRemotePage(remoteName, exposed, viewer);
  pages.delete(pageKey(remoteName, exposed, viewer));
  return fetchRemotePage(remoteName, exposed, viewer, attempt);
}

/** Loads an exposed page; a remote that does not answer in time counts as failed. */
async function fetchRemotePage(
  remoteName: string,
  exposed: string,
  viewer: Viewer,
  attempt: number,
): Promise<RemotePageModule> {
  const release = ensureRegistered(remoteName, viewer, attempt > 0);
  prefetchPageChunks(release, exposed);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${remoteName} did not answer in ${LOAD_TIMEOUT_MS / 1000} s`)),
      LOAD_TIMEOUT_MS,
    );
  });
  try {
    const loaded = await Promise.race([
      loadRemote<RemotePageModule>(`${remoteName}/${exposed.replace(/^\.\//, '')}`),
      timeout,
    ]);
    if (!loaded?.default) throw new Error(`${remoteName} has no page ${exposed}`);
    return loaded;
  } finally {
    clearTimeout(timer);
  }
}

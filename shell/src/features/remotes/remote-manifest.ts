import type { Viewer } from '@panel/shared';

/**
 * /remotes.json, rendered per request by the shell's server
 * (panel-server/src/serving/panel-servers.ts, from deploy/releases.json that
 * panel-server/src/release.ts writes) and read by the shell at start: where each
 * remote lives, who may load it, an optional canary taking a share of users,
 * and the deployment's settings (API URL, map tiles, support chat, currency).
 */
export interface RemoteRelease {
  url: string;
  version?: string;
  /** SHA-384 (SRI form) of the release's mf-manifest.json and remoteEntry.js, recorded at release. */
  integrity?: { manifest: string; entry: string };
  /** Per exposed page, the chunk files (beside the entry) its entry loads for it. */
  pages?: Record<string, string[]>;
}

export interface RemoteEntry extends RemoteRelease {
  package: string;
  roles: Viewer[];
  canary?: RemoteRelease & { percent: number };
}

export interface RemotesManifest {
  apiUrl?: string;
  /** Production: a release without recorded hashes is not loaded at all (fails closed). */
  requireIntegrity?: boolean;
  /** Map tile URL template and attribution of this deployment (MAP_TILE_URL). */
  mapTileUrl?: string;
  mapTileAttribution?: string;
  /** The Support page's Start Chat link (SUPPORT_CHAT_URL, or mailto: SUPPORT_EMAIL). */
  supportChatUrl?: string;
  /** ISO 4217 code amounts are shown in (CURRENCY). */
  currency?: string;
  remotes: Record<string, RemoteEntry>;
}

const VIEWERS: readonly Viewer[] = ['guest', 'shop', 'provider'];

const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

/** Script and stylesheet names beside the entry: no folders, so a chunk list cannot point elsewhere. */
const CHUNK_FILE = /^[\w.-]+\.(?:js|css)$/;

function isPageChunks(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (files) =>
        Array.isArray(files) &&
        files.every((file) => typeof file === 'string' && CHUNK_FILE.test(file)),
    )
  );
}

function isRelease(value: unknown): value is RemoteRelease {
  if (typeof value !== 'object' || value === null) return false;
  const { url, integrity, pages } = value as RemoteRelease;
  if (typeof url !== 'string') return false;
  if (pages !== undefined && !isPageChunks(pages)) return false;
  return (
    integrity === undefined ||
    (typeof integrity === 'object' &&
      integrity !== null &&
      SRI.test(String(integrity.manifest)) &&
      SRI.test(String(integrity.entry)))
  );
}

/** Rejects a malformed file with a message naming the bad entry, instead of failing later. */
export function parseRemotesManifest(raw: unknown): RemotesManifest {
  if (
    typeof raw !== 'object' ||
    raw === null ||
    typeof (raw as RemotesManifest).remotes !== 'object'
  ) {
    throw new Error('remotes.json has no "remotes" object');
  }
  const {
    apiUrl,
    requireIntegrity,
    mapTileUrl,
    mapTileAttribution,
    supportChatUrl,
    currency,
    remotes,
  } = raw as RemotesManifest;
  for (const [name, entry] of Object.entries(remotes)) {
    if (!isRelease(entry) || !Array.isArray(entry.roles)) {
      throw new Error(
        `remotes.json: remote "${name}" needs a url, a roles list and, if any, sha384 hashes`,
      );
    }
    if (entry.roles.some((role) => !VIEWERS.includes(role))) {
      throw new Error(`remotes.json: remote "${name}" has an unknown role`);
    }
    const canary = entry.canary;
    if (canary && (!isRelease(canary) || !(canary.percent >= 0 && canary.percent <= 100))) {
      throw new Error(`remotes.json: remote "${name}" has a bad canary (url and percent 0-100)`);
    }
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    apiUrl: text(apiUrl) ?? '',
    requireIntegrity: requireIntegrity === true,
    mapTileUrl: text(mapTileUrl),
    mapTileAttribution: text(mapTileAttribution),
    supportChatUrl: text(supportChatUrl),
    currency: text(currency),
    remotes,
  };
}

export async function fetchRemotesManifest(): Promise<RemotesManifest> {
  // Served no-cache with an ETag: revalidated on every start (a 304 when
  // unchanged). Requested as the page's <link rel="preload"> asked, so the
  // preloaded answer is used.
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parseRemotesManifest(await response.json());
}

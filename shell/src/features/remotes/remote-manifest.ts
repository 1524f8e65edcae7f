import type { RuntimeConfig, Viewer } from '@panel/shared';

/**
 * /remotes.json, written at deploy time (scripts/release.mjs) and read by
 * the shell at start: where each remote lives, who may load it, an
 * optional canary taking a share of users, and the deployment's settings
 * (API URL, map tiles).
 */
export interface RemoteRelease {
  url: string;
  version?: string;
}

export interface RemoteEntry extends RemoteRelease {
  package: string;
  roles: Viewer[];
  canary?: RemoteRelease & { percent: number };
}

export interface RemotesManifest extends RuntimeConfig {
  apiUrl?: string;
  remotes: Record<string, RemoteEntry>;
}

const VIEWERS: readonly Viewer[] = ['guest', 'shop', 'provider'];

function isRelease(value: unknown): value is RemoteRelease {
  return (
    typeof value === 'object' && value !== null && typeof (value as RemoteRelease).url === 'string'
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
  const { apiUrl, remotes, mapTileUrl, mapTileAttribution } = raw as RemotesManifest;
  for (const [name, entry] of Object.entries(remotes)) {
    if (!isRelease(entry) || !Array.isArray(entry.roles)) {
      throw new Error(`remotes.json: remote "${name}" needs a url and a roles list`);
    }
    if (entry.roles.some((role) => !VIEWERS.includes(role))) {
      throw new Error(`remotes.json: remote "${name}" has an unknown role`);
    }
    const canary = entry.canary;
    if (canary && (!isRelease(canary) || !(canary.percent >= 0 && canary.percent <= 100))) {
      throw new Error(`remotes.json: remote "${name}" has a bad canary (url and percent 0-100)`);
    }
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    apiUrl: text(apiUrl),
    remotes,
    mapTileUrl: text(mapTileUrl),
    mapTileAttribution: text(mapTileAttribution),
  };
}

export async function fetchRemotesManifest(): Promise<RemotesManifest> {
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return parseRemotesManifest(await response.json());
}

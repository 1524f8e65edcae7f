// Release actions in the audit log (issue 33). A release changes files, not
// the database, so once deploy/releases.json is written the action is posted
// to the API with the release controller's secret (POST /releases/audit),
// naming who acted: the operator's login for a command, the controller for
// its own steps. A release is never undone or held up because the API is
// away: the failure is said on stderr, and the release log keeps the action.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { API_PORT, DATA_DIR } from '../../../scripts/lib/apps.mjs';

/** Who acted, as the API's audit log records it. */
export interface ReleaseActor {
  role: 'operator' | 'release_controller';
  name: string;
}

/** One release action for POST /releases/audit. */
export interface ReleaseAuditEntry {
  action: string;
  remote: string;
  version: string;
  actor: ReleaseActor;
  automatic: boolean;
  reason?: string;
  stable_before?: string;
  stable_after?: string;
  percent?: number;
}

export type Warn = (line: string) => void;

/**
 * The secret the controller shows the API to read load reports and record
 * releases: the RELEASE_CONTROLLER_TOKEN variable, or one generated once into
 * DATA_DIR (the API reads the same file; see api/src/config.ts).
 */
export function controllerToken(): string {
  if (process.env.RELEASE_CONTROLLER_TOKEN) return process.env.RELEASE_CONTROLLER_TOKEN;
  const file = path.join(DATA_DIR, 'release-controller-token');
  // 0700 as the API makes it: the folder holds the database and the secrets.
  mkdirSync(DATA_DIR, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

export function operatorActor(): ReleaseActor {
  let name = process.env.RELEASE_OPERATOR || process.env.USER;
  try {
    name ||= os.userInfo().username;
  } catch {
    // No user entry (some containers): the host still says where it ran.
  }
  return { role: 'operator', name: `${name || 'unknown'}@${os.hostname()}`.slice(0, 100) };
}

export function controllerActor(): ReleaseActor {
  return { role: 'release_controller', name: `release controller@${os.hostname()}`.slice(0, 100) };
}

/** Posts one action; answers whether it was recorded. */
export async function recordReleaseAudit(
  entry: ReleaseAuditEntry,
  { warn = console.error }: { warn?: Warn } = {},
): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${API_PORT}/api/v0/releases/audit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-release-controller': controllerToken() },
      body: JSON.stringify(entry),
      signal: AbortSignal.timeout(5000),
    });
    if (response.ok) return true;
    warn(`release: not in the audit log: the API answered ${response.status}`);
  } catch (error) {
    warn(`release: not in the audit log: ${(error as Error).message}`);
  }
  return false;
}

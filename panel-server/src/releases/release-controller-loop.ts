// The release controller: runs inside the shell's server (the process that
// renders /remotes.json from deploy/releases.json), and once per
// `npm run release -- tick`. Every RELEASE_CONTROLLER_INTERVAL_MS (5 s) it
// reads, for each remote with a canary, the load reports of the canary and
// the stable version from the API, and rolls a failing canary back, raises a
// progressive canary's share or promotes it (release-controller.ts decides).
// Its state is deploy/releases.json, so a schedule survives a restart; it
// takes the release lock for each change and skips a tick when a release
// command holds it.
import { API_PORT, DEPLOY_DIR, REMOTES, type Remote } from '../../../scripts/lib/apps.mjs';
import {
  controllerActor,
  controllerToken,
  recordReleaseAudit,
  type ReleaseAuditEntry,
  type Warn,
} from './release-audit';
import {
  applyAction,
  controllerConfig,
  decide,
  type ControllerConfig,
  type Health,
  type VersionHealth,
} from './release-controller';
import { LockBusyError, acquireLock } from './release-lock';
import { logReleaseEvent, readReleases, writeReleases, type RemoteRelease } from './releases';

/** What one pass logged for a remote (also a line of deploy/release-events.jsonl). */
export interface ControllerEvent {
  remote: string;
  kind: string;
  message: string;
}

/** A remote's state while it has a canary. */
type WithCanary = RemoteRelease & { canary: NonNullable<RemoteRelease['canary']> };

type HealthSource = (
  remote: Remote,
  state: WithCanary,
  config: ControllerConfig,
) => Promise<Health>;

/** `{ loads, failures }` of one remote version over its last `last` loads, from the API. */
async function fetchVersionHealth(
  remote: Remote,
  version: string,
  last: number,
): Promise<VersionHealth> {
  const url = new URL(`http://127.0.0.1:${API_PORT}/api/v0/telemetry/remote-loads/summary`);
  url.searchParams.set('remote', remote.name);
  url.searchParams.set('version', version);
  url.searchParams.set('last', String(last));
  const response = await fetch(url, {
    headers: { 'x-release-controller': controllerToken() },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`load reports answered ${response.status}`);
  const { loads, failures } = (await response.json()) as VersionHealth;
  return { loads, failures };
}

const fetchHealth: HealthSource = async (remote, state, config) => {
  const [canary, stable] = await Promise.all([
    fetchVersionHealth(remote, state.canary.version, config.windowLoads),
    fetchVersionHealth(remote, state.stable, config.windowLoads),
  ]);
  return { canary, stable };
};

/**
 * One pass over the remotes with a canary; returns the events it logged,
 * each also recorded in the audit log. `health` and `record` are injectable
 * for tests.
 */
export async function runControllerOnce({
  now = Date.now(),
  health = fetchHealth,
  log = () => {},
  record = recordReleaseAudit,
}: {
  now?: number;
  health?: HealthSource;
  log?: Warn;
  record?: typeof recordReleaseAudit;
} = {}): Promise<ControllerEvent[]> {
  const config = controllerConfig();
  const seen = readReleases();
  const hasCanary = (state: RemoteRelease | undefined): state is WithCanary => !!state?.canary;
  const withCanary = REMOTES.filter((remote) => hasCanary(seen[remote.pkg]));
  if (withCanary.length === 0) return [];
  const healthByPkg: Record<string, Health | null> = {};
  for (const remote of withCanary) {
    try {
      healthByPkg[remote.pkg] = await health(remote, seen[remote.pkg] as WithCanary, config);
    } catch (error) {
      // Without reports the schedule still runs; only the rollback check waits.
      log(`release controller: no load reports for ${remote.pkg}: ${(error as Error).message}`);
      healthByPkg[remote.pkg] = null;
    }
  }
  let unlock;
  try {
    unlock = acquireLock(DEPLOY_DIR, 'release controller');
  } catch (error) {
    if (error instanceof LockBusyError) return [];
    throw error;
  }
  const events: ControllerEvent[] = [];
  const audits: ReleaseAuditEntry[] = [];
  try {
    const releases = readReleases();
    for (const remote of withCanary) {
      const state = releases[remote.pkg]!;
      // A command changed this remote since the reports were read: next tick.
      if (!state.canary || state.canary.version !== seen[remote.pkg]!.canary?.version) continue;
      const action = decide(state, healthByPkg[remote.pkg] ?? null, now, config);
      if (!action) continue;
      const next = applyAction(state, action, now);
      releases[remote.pkg] = next;
      events.push({ remote: remote.pkg, kind: action.kind, message: action.message });
      audits.push({
        action: action.kind,
        remote: remote.pkg,
        version: state.canary.version,
        actor: controllerActor(),
        automatic: true,
        reason: action.message,
        stable_before: state.stable,
        stable_after: next.stable,
        ...(action.kind === 'step' ? { percent: action.percent } : {}),
      });
    }
    if (events.length > 0) writeReleases(releases);
  } finally {
    unlock();
  }
  for (const event of events) {
    logReleaseEvent(event);
    log(`release controller: ${event.remote} ${event.message}`);
  }
  for (const entry of audits) await record(entry, { warn: log });
  return events;
}

/** Starts the periodic controller; returns a function that stops it. */
export function startReleaseController({ log = console.log }: { log?: Warn } = {}): () => void {
  const { intervalMs } = controllerConfig();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runControllerOnce({ log })
      .catch((error: Error) => log(`release controller: ${error.message}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

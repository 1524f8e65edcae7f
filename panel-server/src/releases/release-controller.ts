// The release controller's decisions, kept pure so they are tested alone:
// given a remote's release state, the recent page views of its stable and
// canary versions and the time, what should happen next.
//
// - rollback: the canary fails, judged on its own views first. It needs at
//   least `minViews` distinct page views and `minFailures` failures in its
//   last `windowLoads` views; then a failure rate of `failurePercent` or more
//   withdraws it whatever stable does, and a lower one does when stable has
//   `minViews` views of its own and the canary fails at least `ratio` times
//   as often. A few views of stable, failing or not, never shield a canary;
// - step: a progressive canary's next step is due (share + step, at most 100);
// - promote: a progressive canary has been at 100 % for one more step.

import type { RemoteRelease } from './releases';

/** `{ loads, failures }` of one version over its last page views. */
export interface VersionHealth {
  loads: number;
  failures: number;
}

export interface Health {
  canary: VersionHealth;
  stable: VersionHealth;
}

export interface ControllerConfig {
  minViews: number;
  minFailures: number;
  failurePercent: number;
  ratio: number;
  windowLoads: number;
  intervalMs: number;
}

export type Action =
  | { kind: 'rollback'; message: string }
  | { kind: 'promote'; message: string }
  | { kind: 'step'; percent: number; message: string };

/**
 * Thresholds; RELEASE_ROLLBACK_MIN_VIEWS, RELEASE_ROLLBACK_MIN_FAILURES,
 * RELEASE_ROLLBACK_PERCENT, RELEASE_ROLLBACK_RATIO, RELEASE_WINDOW_LOADS override.
 */
export function controllerConfig(env: NodeJS.ProcessEnv = process.env): ControllerConfig {
  const number = (value: string | undefined, fallback: number) => {
    const parsed = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0
      ? parsed
      : fallback;
  };
  return {
    minViews: Math.ceil(number(env.RELEASE_ROLLBACK_MIN_VIEWS, 5)),
    minFailures: number(env.RELEASE_ROLLBACK_MIN_FAILURES, 5),
    failurePercent: Math.min(100, number(env.RELEASE_ROLLBACK_PERCENT, 50)),
    ratio: number(env.RELEASE_ROLLBACK_RATIO, 3),
    windowLoads: Math.floor(number(env.RELEASE_WINDOW_LOADS, 100)),
    intervalMs: number(env.RELEASE_CONTROLLER_INTERVAL_MS, 5000),
  };
}

const rate = ({ loads, failures }: VersionHealth) => (loads > 0 ? failures / loads : 0);

/**
 * Why a canary's failures call for a rollback ('rate': it fails too often on
 * its own; 'ratio': against stable), or null. `canary` and `stable` are
 * `{ loads, failures }` over each version's last `windowLoads` page views,
 * each view counted once (the API takes one ticket's load and failure once).
 */
export function rollbackReason(
  canary: VersionHealth,
  stable: VersionHealth,
  config: ControllerConfig,
): 'rate' | 'ratio' | null {
  if (canary.loads < config.minViews || canary.failures < config.minFailures) return null;
  const canaryRate = rate(canary);
  if (canaryRate * 100 >= config.failurePercent) return 'rate';
  if (stable.loads < config.minViews) return null;
  const stableRate = rate(stable);
  return canaryRate > stableRate && canaryRate >= config.ratio * stableRate ? 'ratio' : null;
}

/** `60s`, `2m`, `1h`, `500ms` or plain milliseconds → milliseconds (null if invalid). */
export function parseDuration(text: unknown): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(String(text ?? '').trim());
  if (!match) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[
    (match[2] ?? 'ms') as 'ms' | 's' | 'm' | 'h'
  ];
  const ms = Math.round(Number(match[1]) * unit);
  return ms > 0 ? ms : null;
}

/**
 * The next action for one remote, or null. `health` is
 * `{ canary: {loads, failures}, stable: {loads, failures} }` or null when unknown.
 */
export function decide(
  state: RemoteRelease,
  health: Health | null,
  now: number,
  config: ControllerConfig,
): Action | null {
  const canary = state.canary;
  if (!canary) return null;
  const reason = health && rollbackReason(health.canary, health.stable, config);
  if (reason) {
    const canaryRate = (rate(health.canary) * 100).toFixed(1);
    const stableRate = (rate(health.stable) * 100).toFixed(1);
    const why =
      reason === 'rate'
        ? `at least ${config.failurePercent} % of its views failed`
        : `at least ${config.ratio}× stable's rate`;
    return {
      kind: 'rollback',
      message: `canary ${canary.version} rolled back automatically: ${health.canary.failures} failures in ${health.canary.loads} loads (${canaryRate} %), ${why}; stable ${state.stable}: ${health.stable.failures} in ${health.stable.loads} (${stableRate} %)`,
    };
  }
  const schedule = canary.schedule;
  if (!schedule || now < schedule.nextAt) return null;
  if (canary.percent >= 100) {
    return {
      kind: 'promote',
      message: `canary ${canary.version} promoted on schedule after 100 %`,
    };
  }
  const percent = Math.min(100, canary.percent + schedule.step);
  return {
    kind: 'step',
    percent,
    message: `canary ${canary.version} raised from ${canary.percent} % to ${percent} % on schedule`,
  };
}

/** The state after an action (rollback and promote work as the commands do). */
export function applyAction(state: RemoteRelease, action: Action, now: number): RemoteRelease {
  const canary = state.canary;
  if (!canary) return state;
  if (action.kind === 'rollback') {
    return { ...withoutCanary(state), rolledBack: { version: canary.version, at: now } };
  }
  if (action.kind === 'promote') {
    return { ...withoutCanary(state), stable: canary.version, previous: state.stable };
  }
  if (!canary.schedule) return state;
  return {
    ...state,
    canary: {
      ...canary,
      percent: action.percent,
      schedule: { ...canary.schedule, nextAt: now + canary.schedule.everyMs },
    },
  };
}

function withoutCanary(state: RemoteRelease): RemoteRelease {
  const { canary: _canary, ...rest } = state;
  return rest;
}

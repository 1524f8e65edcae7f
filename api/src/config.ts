import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** At most `max` calls per `windowMs` for one key. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** The limits of a public account call (see accountCallLimits in lib/rate-limit.ts). */
export interface RouteLimits {
  /** Every call from one client IP. */
  perIp: Limit;
  /** Calls naming one e-mail from one client IP. */
  perAccountIp: Limit;
  /** Calls naming one e-mail from anywhere; past it, each IP gets only its first try. */
  perAccount: Limit;
}

export interface RateLimits {
  login: RouteLimits;
  /** perAccountIp here is also how many reset codes one address can have sent to one e-mail. */
  forgetPassword: RouteLimits;
  resetPassword: RouteLimits;
  register: RouteLimits;
}

const MINUTE = 60_000;

/**
 * Enough for a person who mistypes a few times, far too few for guessing:
 * 10 logins a minute per account from one address, 3 reset codes per e-mail
 * and address per 15 minutes.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    perIp: { max: 30, windowMs: MINUTE },
    perAccountIp: { max: 10, windowMs: MINUTE },
    perAccount: { max: 10, windowMs: MINUTE },
  },
  forgetPassword: {
    perIp: { max: 10, windowMs: 15 * MINUTE },
    perAccountIp: { max: 3, windowMs: 15 * MINUTE },
    perAccount: { max: 5, windowMs: 15 * MINUTE },
  },
  resetPassword: {
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perAccountIp: { max: 10, windowMs: 15 * MINUTE },
    perAccount: { max: 10, windowMs: 15 * MINUTE },
  },
  register: {
    perIp: { max: 10, windowMs: 60 * MINUTE },
    perAccountIp: { max: 3, windowMs: 60 * MINUTE },
    perAccount: { max: 3, windowMs: 60 * MINUTE },
  },
};

const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: 60 * MINUTE };

/** `<max>/<window>` with the window in s, m or h (e.g. `10/1m`); anything else keeps the default. */
export function parseLimit(text: string | undefined, fallback: Limit): Limit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(text ?? '');
  if (!match) return fallback;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * (UNIT_MS[match[3] as string] as number);
  return max >= 1 && windowMs >= 1000 ? { max, windowMs } : fallback;
}

const ENV_NAMES: Record<keyof RateLimits, string> = {
  login: 'LOGIN',
  forgetPassword: 'FORGET_PASSWORD',
  resetPassword: 'RESET_PASSWORD',
  register: 'REGISTER',
};

/** RATE_LIMIT_<CALL>_IP, _ACCOUNT_IP and _ACCOUNT override each default. */
function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const entries = (Object.keys(ENV_NAMES) as Array<keyof RateLimits>).map((call) => {
    const name = `RATE_LIMIT_${ENV_NAMES[call]}`;
    const defaults = DEFAULT_RATE_LIMITS[call];
    return [
      call,
      {
        perIp: parseLimit(env[`${name}_IP`], defaults.perIp),
        perAccountIp: parseLimit(env[`${name}_ACCOUNT_IP`], defaults.perAccountIp),
        perAccount: parseLimit(env[`${name}_ACCOUNT`], defaults.perAccount),
      },
    ];
  });
  return Object.fromEntries(entries) as RateLimits;
}

/** Remote-load reports per client IP (RATE_LIMIT_REMOTE_LOADS_IP): a page view sends one or two. */
export const DEFAULT_REMOTE_LOADS_LIMIT: Limit = { max: 300, windowMs: MINUTE };

/**
 * How long a client may take, so a stalled client cannot hold a socket for
 * ever (Fastify sets no limit by default). A whole request, body included,
 * within 60 s (a 2 MB logo over a slow mobile link fits); its headers within
 * 15 s; no byte for 30 s closes the socket. Idle keep-alive sockets close
 * after 10 s, longer than the 5 s after which Node's agent (the shell's
 * proxy) drops its idle sockets, so the proxy never reuses one being closed.
 */
export interface ServerTimeouts {
  requestMs: number;
  headersMs: number;
  idleMs: number;
  keepAliveMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  requestMs: 60_000,
  headersMs: 15_000,
  idleMs: 30_000,
  keepAliveMs: 10_000,
};

/** `true`, or addresses/CIDRs such as `127.0.0.1` or `loopback`; unset or `false` trusts none. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  /** The panel's address for links in mails (PUBLIC_PANEL_URL; default the shell on PANEL_PORT). */
  panelUrl: string;
  /** The UTC hour (0–23) from which the API sends the super admin's daily digest (DIGEST_HOUR, default 7). */
  digestHour: number;
  /** Days an audit entry is kept before the daily prune removes it (AUDIT_RETENTION_DAYS, default 400). */
  auditRetentionDays: number;
  rateLimits: RateLimits;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For gives the client IP
   * the per-IP limits key on. Off by default, since a client could otherwise
   * pick its own IP.
   */
  trustProxy: boolean | string;
  /** Per-IP limit of the remote-load reports the shell sends. */
  remoteLoadsLimit: Limit;
  /**
   * The release controller's secret (X-Release-Controller), with which the
   * shell's server reads load reports: RELEASE_CONTROLLER_TOKEN, or generated
   * once into DATA_DIR/release-controller-token (panel-server/src/releases/release-controller-loop.ts
   * reads the same file).
   */
  releaseControllerToken: string;
}

/** The repository root, so data/ lands in the same place whatever the cwd is. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** DATA_DIR holds the database, secrets and mails: its user's alone (files in it are 0600). */
const DATA_DIR_MODE = 0o700;

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const secret = randomBytes(48).toString('base64url');
  // Generated once and kept, so a restart does not log everybody out.
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function readOrCreateControllerToken(dataDir: string): string {
  const file = path.join(dataDir, 'release-controller-token');
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  try {
    // 'wx': whichever of the API and the shell's server comes first writes it.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** An hour of the day, 0 to 23; anything else keeps the default. */
function parseHour(text: string | undefined, fallback: number): number {
  const hour = Number(text);
  return text && Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : fallback;
}

/** A whole number of days, at least 1; anything else keeps the default. */
function parseDays(text: string | undefined, fallback: number): number {
  const days = Number(text);
  return text && Number.isInteger(days) && days >= 1 ? days : fallback;
}

/** Every environment variable the API reads, with its working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  const port = Number(env.API_PORT || 8000);
  return {
    port: Number.isInteger(port) && port > 0 ? port : 8000,
    // Loopback unless HOST (all of the panel's servers) or API_HOST exposes it.
    host: env.API_HOST || env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'panel.sqlite')}`,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL || null,
    panelUrl: env.PUBLIC_PANEL_URL || `http://localhost:${Number(env.PANEL_PORT) || 3000}`,
    digestHour: parseHour(env.DIGEST_HOUR, 7),
    auditRetentionDays: parseDays(env.AUDIT_RETENTION_DAYS, 400),
    rateLimits: loadRateLimits(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    remoteLoadsLimit: parseLimit(env.RATE_LIMIT_REMOTE_LOADS_IP, DEFAULT_REMOTE_LOADS_LIMIT),
    releaseControllerToken: env.RELEASE_CONTROLLER_TOKEN || readOrCreateControllerToken(dataDir),
  };
}

import type { Limit, RateLimits } from './config';
import type { Db, DbKind } from './db/connect';
import type { Mailer } from './lib/mailer';

/** What every route needs; tests build it with an in-memory mailer and a fresh DB. */
export interface AppDeps {
  db: Db;
  kind: DbKind;
  jwtSecret: string;
  dataDir: string;
  mailer: Mailer;
  /** Clock for figures relative to "now" (tests pin it). */
  now?: () => Date;
  /** Where the panel is opened, for links in mails (Config.panelUrl; default lib/notifications.ts). */
  panelUrl?: string;
  /** The release controller's secret for reading load reports (Config.releaseControllerToken). */
  releaseControllerToken?: string;
}

/** The options every route plugin receives from routes/index.ts. */
export interface RouteOptions {
  deps: AppDeps;
  /** Limits of the public account calls (login, register, reset). */
  rateLimits: RateLimits;
  /** Per-IP limit of remote-load reports. */
  remoteLoadsLimit: Limit;
}

/** "Now" by the app's clock (tests pin it through `deps.now`). */
export function nowOf(deps: AppDeps): Date {
  return deps.now ? deps.now() : new Date();
}

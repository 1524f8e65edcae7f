import type { Generated, Insertable, Selectable } from 'kysely';

import type { AuditRole } from '../schemas/audit';

/*
 * Timestamps are ISO-8601 UTC text ('2025-06-01T09:30:00.000Z') and dates are
 * 'YYYY-MM-DD' text: they sort and compare the same way on SQLite and
 * PostgreSQL, and substr(…, 1, 10) gives the day on both.
 */

export interface AdminTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  token_version: Generated<number>;
}

export interface ShopTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  logo: string | null;
  created_date: string;
  status: 'active' | 'inactive';
  x_gis: number | null;
  y_gis: number | null;
  /** Null until the shop sets one through the reset flow. */
  password_hash: string | null;
  token_version: Generated<number>;
  /** Days ahead the counter proposes as a loan's due date (default 14). */
  loan_days: Generated<number>;
}

export interface ContainerTypeTable {
  key: string;
  label: string;
  guarantee_amount: number;
}

export interface CountryTable {
  name: string;
}

/**
 * Where a container is: shop_id null and loan_id null = provider's stock;
 * shop_id set, loan_id null = the shop's stock; loan_id set = out on loan from shop_id.
 */
export interface ContainerTable {
  id: Generated<number>;
  code: string;
  type_key: string;
  country: string;
  shop_id: number | null;
  loan_id: number | null;
  created_at: string;
  /** Written off as lost: in no stock, counted as lost:<type> for shop_id. */
  lost_at: Generated<string | null>;
}

export interface LoanTable {
  id: Generated<number>;
  shop_id: number;
  client: string;
  given_date: string;
  due_date: string | null;
  /** Set when the last of its containers comes back (or is written off). */
  returned_date: string | null;
  /** The client's contact, optional at lending (for reminders). */
  client_phone: Generated<string | null>;
  client_email: Generated<string | null>;
  /** The guarantee of its containers not back yet, in cents. */
  held_cents: Generated<number>;
  /** Reminders e-mailed to the client, and the last one's time. */
  reminders: Generated<number>;
  last_reminded_at: Generated<string | null>;
}

export interface LoanItemTable {
  id: Generated<number>;
  loan_id: number;
  container_id: number;
  returned_at: string | null;
  returned_shop_id: number | null;
  /** Written off as lost: when, and the shop's reason. */
  lost_at: Generated<string | null>;
  lost_reason: Generated<string | null>;
}

export interface ContainerRequestTable {
  id: Generated<number>;
  shop_id: number;
  status: 'PENDING' | 'APPROVED' | 'DENIED' | 'CANCELLED';
  request_date: string;
  decided_at: string | null;
  /** The spec's reason: 'admin' from the panel. */
  reason: string | null;
  /** Why it was denied, in words for the shop (migration 20261125T1500). */
  explanation: Generated<string | null>;
  /** Marked sent by the provider, then received by the shop (approved requests only). */
  sent_at: Generated<string | null>;
  received_at: Generated<string | null>;
}

/** A shop's minimum free stock of one container type (migration 20261125T1400). */
export interface ShopStockMinimumTable {
  shop_id: number;
  type_key: string;
  minimum: number;
}

/** One activation or deactivation of a shop (migration 20261125T2110). */
export interface ShopStatusChangeTable {
  id: Generated<number>;
  shop_id: number;
  status: 'active' | 'inactive';
  reason: string | null;
  changed_at: string;
  /** The super admin who made the change. */
  changed_by: number | null;
}

export interface RequestItemTable {
  id: Generated<number>;
  request_id: number;
  container_type: string;
  quantity: number;
  /** How many the provider approved: null while pending or cancelled, 0 when denied. */
  approved: Generated<number | null>;
}

export interface ResetCodeTable {
  shop_id: number;
  code_hash: string;
  expires_at: string;
  tries: number;
}

/** A stand-in reset code for an e-mail without an account (see migration 20261125T1200-reset-decoys). */
export interface ResetDecoyTable {
  email_hash: string;
  expires_at: string;
  tries: number;
}

/** One rate-limit window per key (see migration 20261122T0200-rate-limits). */
/** A token ended by logout, until it would have expired (milliseconds since the epoch). */
export interface RevokedTokenTable {
  jti: string;
  expires_at: number;
}

export interface RateLimitTable {
  key: string;
  hits: number;
  /** End of the current window, milliseconds since the epoch. */
  reset_at: number;
}

/** One generate_codes call: who asked, when, and for which country, type and count. */
export interface QrBatchTable {
  id: Generated<number>;
  admin_id: number;
  created_at: string;
  country: string;
  type_key: string;
  count: number;
}

/** A batch's codes; position (from 1) is the label's number, qr_code_{position}.png. */
export interface QrBatchCodeTable {
  batch_id: number;
  position: number;
  code: string;
}

/**
 * One page view of a remote version, as its signed ticket names it (view is
 * the ticket's random id), and its failure if one was reported: what the
 * release controller compares between a canary and the stable version. No
 * user, no address: remote, version, times.
 */
export interface RemotePageViewTable {
  id: Generated<number>;
  view: string;
  remote: string;
  version: string;
  /** Milliseconds since the epoch. */
  created_at: number;
  failed_at: number | null;
  reason: 'load' | 'render' | 'rejection' | null;
}

/** The first answer to a call sent with an Idempotency-Key (see lib/idempotency.ts). */
export interface IdempotencyKeyTable {
  /** Whose key: 'shop:<id>', 'admin:<id>' or 'ip:<address>'. */
  scope: string;
  key: string;
  /** Method and route, e.g. 'POST /api/v0/pack/containers/lend'. */
  route: string;
  /** SHA-256 of the body, so a key reused for another call is refused. */
  fingerprint: string;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** Null while the first call is running. */
  status: number | null;
  body: string | null;
}

/** A kept counter (see migration 20261122T0400-kept-figures). */
export interface KeptCountTable {
  /** A shop id, 0 for every shop together, -1 for the provider's warehouse. */
  scope: number;
  name: string;
  /** 0, or for the all-shops scope on PostgreSQL the writer's stripe (migration 20261126T1400). */
  slot: Generated<number>;
  n: number;
}

export interface ShopClientTable {
  shop_id: number;
  client: string;
}

/** Loans given per scope (shop id, or 0 for all) and 15-minute UTC bucket (epoch seconds / 900). */
export interface LoanRollupTable {
  scope: number;
  bucket: number;
  /** As KeptCountTable's slot. */
  slot: Generated<number>;
  n: number;
}

/**
 * A shop's loans due on one UTC day (migration 20261126T1200-due-day-figures):
 * open ones and the guarantee they hold, containers lent on them and those
 * back by the end of the day. Kept by every lend, return, undo and write-off.
 */
export interface ShopDueDayTable {
  shop_id: number;
  /** 'YYYY-MM-DD'. */
  due_date: string;
  open_loans: number;
  held_cents: number;
  fell_due: number;
  on_time: number;
}

/** An uploaded image, served at /media/<name> (migration 20261122T0420-media). */
export interface MediaTable {
  name: string;
  content_type: string;
  data: Buffer;
  created_at: string;
}

/** A mail sent once, by its deterministic key (migration 20261126T1000-mails, sendOnce in lib/notifications.ts). */
export interface SentMailTable {
  key: string;
  recipient: string;
  created_at: string;
}

/** A one-time set-password link: the token's SHA-256 only, valid until expires_at, once. */
export interface SetPasswordTokenTable {
  token_hash: string;
  shop_id: number;
  expires_at: string;
  used_at: string | null;
}

/** A super admin's mail settings; no row means the defaults (daily digest on). */
export interface NotificationSettingsTable {
  admin_id: number;
  /** 1 or 0: the same on SQLite and PostgreSQL. */
  daily_digest: number;
}

/** One audit entry (migration 20261125T2200, lib/audit.ts); never updated. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** Null for nobody logged in (a failed login) or the system. */
  actor_id: number | null;
  actor_role: AuditRole;
  /** The actor's name at the time: the admin's e-mail, the shop's name, or the release operator. */
  actor_name: string | null;
  action: string;
  target_kind: string;
  target_id: number | null;
  target_label: string | null;
  /** The shop the entry concerns, for the shop filter. */
  shop_id: number | null;
  address: string | null;
  user_agent: string | null;
  /** JSON text. */
  details: string;
}

export interface Database {
  admins: AdminTable;
  shops: ShopTable;
  container_types: ContainerTypeTable;
  countries: CountryTable;
  containers: ContainerTable;
  loans: LoanTable;
  loan_items: LoanItemTable;
  container_requests: ContainerRequestTable;
  request_items: RequestItemTable;
  reset_codes: ResetCodeTable;
  reset_decoys: ResetDecoyTable;
  rate_limits: RateLimitTable;
  qr_batches: QrBatchTable;
  qr_batch_codes: QrBatchCodeTable;
  remote_page_views: RemotePageViewTable;
  kept_counts: KeptCountTable;
  shop_clients: ShopClientTable;
  loan_rollups: LoanRollupTable;
  shop_due_days: ShopDueDayTable;
  media: MediaTable;
  idempotency_keys: IdempotencyKeyTable;
  revoked_tokens: RevokedTokenTable;
  shop_stock_minimums: ShopStockMinimumTable;
  shop_status_changes: ShopStatusChangeTable;
  sent_mails: SentMailTable;
  set_password_tokens: SetPasswordTokenTable;
  notification_settings: NotificationSettingsTable;
  audit_log: AuditLogTable;
}

export type AdminRow = Selectable<AdminTable>;
export type ShopRow = Selectable<ShopTable>;
export type NewShop = Insertable<ShopTable>;
export type ShopStatusChangeRow = Selectable<ShopStatusChangeTable>;
export type ContainerRequestRow = Selectable<ContainerRequestTable>;
export type LoanRow = Selectable<LoanTable>;
export type QrBatchRow = Selectable<QrBatchTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

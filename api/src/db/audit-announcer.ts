import {
  CompiledQuery,
  InsertQueryNode,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Pool } from 'pg';

import type { LiveEvent } from '../schemas/live-events';

/** PostgreSQL's channel for new audit entries; every API process listens (lib/live-feed.ts). */
export const LIVE_CHANNEL = 'panel_live';
/** NOTIFY takes at most 8,000 bytes a payload: events are sent in arrays well under it. */
const PAYLOAD_BYTES = 7_000;

/*
 * On PostgreSQL every API process learns of every committed audit entry by
 * NOTIFY, for its live streams (issue 33). A NOTIFY inside the writing
 * transaction would be delivered only on commit, as wanted, but PostgreSQL
 * then holds one lock for the whole database from the commit's start to
 * its end, disk flush included: every audited write queued behind every
 * other (about 340 commits a second here, against 1,000-1,800 without).
 * So the entries are announced right after their transaction commits,
 * from the writing process, by a NOTIFY of its own on the same connection:
 * a rolled-back change announces nothing, and the lock is held only for
 * that short NOTIFY.
 * Should a process die between the commit and the NOTIFY, clients of
 * other processes see that entry at their next reconnect or resync.
 */

/** The audit entries an INSERT answered (recordAudit asks for these columns back). */
function auditEventsOf(query: CompiledQuery, result: QueryResult<unknown>): LiveEvent[] {
  const node = query.query;
  if (!InsertQueryNode.is(node) || node.into?.table.identifier.name !== 'audit_log') return [];
  return (result.rows as Array<Record<string, unknown>>).flatMap((row) =>
    typeof row.id === 'number'
      ? [
          {
            id: row.id,
            action: row.action,
            kind: row.target_kind,
            target: row.target_id,
            shop: row.shop_id,
          } as LiveEvent,
        ]
      : [],
  );
}

/** Events as NOTIFY payloads: JSON arrays, each under PAYLOAD_BYTES. */
export function payloadsOf(events: LiveEvent[]): string[] {
  const payloads: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (part.length > 0 && size + json.length + 1 > PAYLOAD_BYTES) {
      payloads.push(`[${part.join(',')}]`);
      part = [];
      size = 2;
    }
    part.push(json);
    size += json.length + 1;
  }
  if (part.length > 0) payloads.push(`[${part.join(',')}]`);
  return payloads;
}

/**
 * The NOTIFY of `events`: all their payloads in one statement, its own
 * transaction. A NOTIFY takes a transaction id, so its commit would wait
 * for a disk flush like a write's: a second flush for every audited write.
 * The notification needs no durability (it changes no data, and is
 * delivered at the commit, not at the flush), so that commit does not wait.
 */
function notifyQuery(events: LiveEvent[]): CompiledQuery {
  return CompiledQuery.raw(
    `select set_config('synchronous_commit', 'off', true), pg_notify($1, payload)
       from unnest($2::text[]) as payload`,
    [LIVE_CHANNEL, payloadsOf(events)],
  );
}

/**
 * Kysely's PostgreSQL driver, holding each transaction's audit entries
 * until it commits, then announcing them on the same connection before the
 * connection goes back to the pool: the caller's next read already sees the
 * NOTIFY's own transaction (it takes a transaction id, so it moves the
 * change stamp of kept reads), and no second connection is needed.
 */
class AnnouncingDriver extends PostgresDriver {
  readonly #pending = new WeakMap<DatabaseConnection, LiveEvent[]>();
  readonly #watched = new WeakSet<DatabaseConnection>();

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (this.#watched.has(connection)) return connection;
    this.#watched.add(connection);
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const result = await execute<R>(query);
      const events = auditEventsOf(query, result);
      if (events.length > 0) {
        const pending = this.#pending.get(connection);
        if (pending) pending.push(...events);
        else await announce(connection, events);
      }
      return result;
    };
    return connection;
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    this.#pending.set(connection, []);
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const events = this.#pending.get(connection) ?? [];
    this.#pending.delete(connection);
    await super.commitTransaction(connection);
    if (events.length > 0) await announce(connection, events);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#pending.delete(connection);
    await super.rollbackTransaction(connection);
  }
}

/** Announces committed entries; a failure is a missed event (clients re-read at their next resync), never a failed call. */
async function announce(connection: DatabaseConnection, events: LiveEvent[]): Promise<void> {
  try {
    await connection.executeQuery(notifyQuery(events));
  } catch (error) {
    process.emitWarning(`Live events not announced: ${(error as Error).message}`);
  }
}

/** PostgresDialect whose driver announces committed audit entries on LIVE_CHANNEL. */
export class AuditAnnouncingDialect extends PostgresDialect {
  constructor(private readonly settings: { pool: Pool }) {
    super(settings);
  }

  override createDriver(): Driver {
    return new AnnouncingDriver(this.settings);
  }
}

import type { Db } from '../db/connect';

/**
 * Claims a mail's key: true for the one call that inserted it, false when it
 * was there already (sent before, or claimed a moment ago by a racing call or
 * another API process). The primary key decides, on SQLite and PostgreSQL.
 */
export async function claimMailKey(
  db: Db,
  key: string,
  recipient: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto('sent_mails')
    .values({ key, recipient, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a key back when its mail could not be sent, so a later call may send it. */
export async function releaseMailKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('sent_mails').where('key', '=', key).execute();
}

export async function mailKeyTaken(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('sent_mails')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the newest mail whose key starts with `prefix` was claimed, if any. */
export async function lastMailAt(db: Db, prefix: string): Promise<string | null> {
  const row = await db
    .selectFrom('sent_mails')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('key', 'like', `${prefix}%`)
    .executeTakeFirst();
  return (row?.last as string | null | undefined) ?? null;
}

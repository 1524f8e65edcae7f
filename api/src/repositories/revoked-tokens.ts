import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/connect';

/**
 * Ends one token by its id until it would have expired; rows past that are
 * swept on the way, so the table holds only tokens that could still be used.
 */
export async function revokeToken(
  db: Db,
  jti: string,
  expiresAtMs: number,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('revoked_tokens').where('expires_at', '<=', now).execute();
    await trx
      .insertInto('revoked_tokens')
      .values({ jti, expires_at: expiresAtMs })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  });
}

/** Compiled once (db/compiled-once.ts): every call with a token asks. */
export async function isTokenRevoked(db: Db, jti: string): Promise<boolean> {
  const { rows } = await db.executeQuery(
    compiledOnce(db, 'token revoked', [jti], (valueAt) =>
      db.selectFrom('revoked_tokens').select('jti').where('jti', '=', valueAt(0)),
    ),
  );
  return rows.length > 0;
}

import { createHash } from 'node:crypto';

import { dbKindOf, type Db } from '../db/connect';

export interface StoredMedia {
  contentType: string;
  data: Buffer;
}

export async function insertMedia(
  db: Db,
  item: { name: string; contentType: string; data: Buffer },
): Promise<void> {
  await db
    .insertInto('media')
    .values({
      name: item.name,
      content_type: item.contentType,
      data: item.data,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function findMedia(db: Db, name: string): Promise<StoredMedia | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['content_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, data: Buffer.from(row.data) } : undefined;
}

/** The stored name of a logo from its public path (/media/<name>), else null. */
export function mediaName(url: string | null): string | null {
  const match = /^\/media\/([a-f0-9]{32}\.(?:png|jpg|gif|webp))$/.exec(url ?? '');
  return match?.[1] ?? null;
}

/** Deletes the logo at `url` (a /media/ path); anything else is left alone. */
export async function deleteMedia(db: Db, url: string | null): Promise<void> {
  const name = mediaName(url);
  if (name) await db.deleteFrom('media').where('name', '=', name).execute();
}

/**
 * A shop's logo path, read for replacing it: on PostgreSQL the row stays
 * locked until the transaction ends, so two replacements queue up and each
 * deletes the logo it replaced. Undefined when there is no such shop.
 */
export async function logoForReplacing(db: Db, shopId: number): Promise<string | null | undefined> {
  let query = db.selectFrom('shops').select('logo').where('id', '=', shopId);
  if (dbKindOf(db) === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst())?.logo;
}

/**
 * A logo as the audit log records it: the SHA-256 of the stored image (never
 * the image), null without a logo; a path that is no stored image, as it is.
 */
export async function logoFingerprint(db: Db, url: string | null): Promise<string | null> {
  const name = mediaName(url);
  if (!name) return url;
  const media = await findMedia(db, name);
  return media ? `sha256:${createHash('sha256').update(media.data).digest('hex')}` : url;
}

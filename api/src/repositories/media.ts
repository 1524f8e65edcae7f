import type { Db } from '../db/connect';

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

import type { Db } from '../db/connect';
import type { QrBatchRow } from '../db/schema';
import { NotFoundError } from '../errors';
import { recordAudit, type AuditContext } from '../lib/audit';
import { generateContainers } from './containers';
import type { QrBatch, QrBatchWithCodes } from '../schemas/qr-batch';
import type { Page } from './paging';

// Keeps each multi-row insert far below SQLite's bound-parameter limit.
const INSERT_BATCH = 500;
const ALL_ROWS = 2_147_483_647;

/** The one mapping from a batch row (joined with its admin's e-mail) to the API shape. */
function toApiQrBatch(row: QrBatchRow & { admin_email: string }): QrBatch {
  return {
    id: row.id,
    created_at: row.created_at,
    created_by: { id: row.admin_id, email: row.admin_email },
    country: row.country,
    type: row.type_key,
    count: Number(row.count),
  };
}

function batchesWithAdmin(db: Db) {
  return db
    .selectFrom('qr_batches')
    .innerJoin('admins', 'admins.id', 'qr_batches.admin_id')
    .selectAll('qr_batches')
    .select('admins.email as admin_email');
}

/**
 * Creates `count` containers and records them as one batch, in one
 * transaction: either both exist or neither does.
 */
export async function createQrBatch(
  db: Db,
  audit: AuditContext,
  input: { adminId: number; typeKey: string; country: string; count: number },
  now = new Date(),
): Promise<{ id: number; codes: string[] }> {
  return db.transaction().execute(async (trx) => {
    const codes = await generateContainers(trx, input);
    const batch = await trx
      .insertInto('qr_batches')
      .values({
        admin_id: input.adminId,
        created_at: now.toISOString(),
        country: input.country,
        type_key: input.typeKey,
        count: input.count,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < codes.length; i += INSERT_BATCH) {
      await trx
        .insertInto('qr_batch_codes')
        .values(
          codes
            .slice(i, i + INSERT_BATCH)
            .map((code, j) => ({ batch_id: batch.id, position: i + j + 1, code })),
        )
        .execute();
    }
    await recordAudit(trx, audit, {
      action: 'qr_batch.generate',
      target: { kind: 'qr_batch', id: batch.id, label: `Batch ${batch.id}` },
      details: { country: input.country, type: input.typeKey, count: input.count },
    });
    return { id: batch.id, codes };
  });
}

/** Batches newest first, one page of them, and how many there are in all. */
export async function listQrBatches(
  db: Db,
  page: Page,
): Promise<{ total: number; items: QrBatch[] }> {
  let query = batchesWithAdmin(db).orderBy('qr_batches.id', 'desc');
  // SQLite accepts OFFSET only after a LIMIT, so an offset alone pages to the end.
  if (page.limit !== undefined || page.offset) query = query.limit(page.limit ?? ALL_ROWS);
  if (page.offset) query = query.offset(page.offset);
  const [rows, total] = await Promise.all([
    query.execute(),
    db
      .selectFrom('qr_batches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), items: rows.map(toApiQrBatch) };
}

/** One batch with its codes in generation order; 404 for an unknown id. */
export async function getQrBatch(db: Db, id: number): Promise<QrBatchWithCodes> {
  const row = await batchesWithAdmin(db).where('qr_batches.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(`No QR batch with id ${id}.`);
  const codes = await db
    .selectFrom('qr_batch_codes')
    .select('code')
    .where('batch_id', '=', id)
    .orderBy('position')
    .execute();
  return { ...toApiQrBatch(row), codes: codes.map((c) => c.code) };
}

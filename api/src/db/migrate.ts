import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';

import type { Db, DbKind } from './connect';
import { initial } from './migrations/20250601T0900-initial';
import { rateLimits } from './migrations/20261122T0200-rate-limits';
import { requestPaging } from './migrations/20261122T0200-request-paging';
import { qrBatches } from './migrations/20261122T0300-qr-batches';
import { keptFigures } from './migrations/20261122T0400-kept-figures';
import { listIndexes } from './migrations/20261122T0410-list-indexes';
import { media } from './migrations/20261122T0420-media';
import { remoteLoadReports } from './migrations/20261122T0500-remote-load-reports';
import { openLoansIndex } from './migrations/20261122T0600-open-loans-index';
import { coveringFigureIndexes } from './migrations/20261122T0610-covering-figure-indexes';
import { returnedLoansIndex } from './migrations/20261122T0620-returned-loans-index';
import { remotePageViews } from './migrations/20261123T0900-remote-page-views';
import { idempotencyKeys } from './migrations/20261125T1000-idempotency-keys';
import { shopLoanDays } from './migrations/20261125T1010-shop-loan-days';
import { revokedTokens } from './migrations/20261125T1100-revoked-tokens';
import { resetDecoys } from './migrations/20261125T1200-reset-decoys';
import { loanWorklist } from './migrations/20261125T1300-loan-worklist';
import { shopStockMinimums } from './migrations/20261125T1400-shop-stock-minimums';
import { mails } from './migrations/20261126T1000-mails';
import { requestDecisions } from './migrations/20261125T1500-request-decisions';
import { shopStatusChanges } from './migrations/20261125T2110-shop-status-changes';
import { auditLog } from './migrations/20261125T2200-audit-log';
import { liveEvents } from './migrations/20261126T1100-live-events';
import { dueDayFigures } from './migrations/20261126T1200-due-day-figures';
import { auditShopActions } from './migrations/20261126T1300-audit-shop-actions';
import { stripedAllShopsFigures } from './migrations/20261126T1400-striped-all-shops-figures';
import { liveEventsAfterCommit } from './migrations/20261126T1500-live-events-after-commit';
import { onLoanContainersIndex } from './migrations/20261129T0900-on-loan-containers-index';

/** Migrations in time order; their names never change once landed. */
function migrations(kind: DbKind): Record<string, Migration> {
  return {
    '20250601T0900-initial': initial(kind),
    '20261122T0200-rate-limits': rateLimits,
    '20261122T0200-request-paging': requestPaging,
    '20261122T0300-qr-batches': qrBatches(kind),
    '20261122T0400-kept-figures': keptFigures(kind),
    '20261122T0410-list-indexes': listIndexes,
    '20261122T0420-media': media(kind),
    '20261122T0500-remote-load-reports': remoteLoadReports(kind),
    '20261122T0600-open-loans-index': openLoansIndex,
    '20261122T0610-covering-figure-indexes': coveringFigureIndexes,
    '20261122T0620-returned-loans-index': returnedLoansIndex,
    '20261123T0900-remote-page-views': remotePageViews(kind),
    '20261125T1000-idempotency-keys': idempotencyKeys,
    '20261125T1010-shop-loan-days': shopLoanDays,
    '20261125T1100-revoked-tokens': revokedTokens,
    '20261125T1200-reset-decoys': resetDecoys,
    '20261125T1300-loan-worklist': loanWorklist,
    '20261125T1400-shop-stock-minimums': shopStockMinimums,
    '20261126T1000-mails': mails,
    '20261125T1500-request-decisions': requestDecisions,
    '20261125T2110-shop-status-changes': shopStatusChanges(kind),
    '20261125T2200-audit-log': auditLog(kind),
    // Named after 20261126T1000-mails, which databases already ran.
    '20261126T1100-live-events': liveEvents(kind),
    '20261126T1200-due-day-figures': dueDayFigures(kind),
    '20261126T1300-audit-shop-actions': auditShopActions,
    '20261126T1400-striped-all-shops-figures': stripedAllShopsFigures(kind),
    '20261126T1500-live-events-after-commit': liveEventsAfterCommit(kind),
    '20261129T0900-on-loan-containers-index': onLoanContainersIndex,
  };
}

/** Brings the database to the latest schema; throws on the first failure. */
export async function migrateToLatest(db: Db, kind: DbKind): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(kind) };
  // On PostgreSQL the migrator's own tables go in the schema the connection
  // works in: unnamed, it takes another schema's tables of the same name
  // (the API tests run one schema per test file) for its own.
  const migrationTableSchema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const { error } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

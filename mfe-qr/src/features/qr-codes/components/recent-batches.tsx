import { useState } from 'react';
import { MESSAGES, panelStyles, type ContainerTypes } from '@panel/shared';
import type { QrBatch } from '@panel/shared/contract';
import { PAGE_SIZES } from '@panel/shared/data';
import {
  EmptyState,
  Panel,
  QR_LABEL_MESSAGES,
  QueryView,
  formatDateTime,
} from '@panel/shared/page-ui';

import { formatNumber } from '../../../lib/format';
import { useGetQrBatchesQuery } from '../api/get-qr-batches';
import styles from './qr-page.module.css';

const PAGE_SIZE = PAGE_SIZES.qrBatches;

interface RecentBatchesProps {
  types: ContainerTypes;
  busy: boolean;
  onDownloadAgain: (batch: QrBatch) => void;
  onDownloadLabels: (batch: QrBatch) => void;
}

/** The batches already generated, newest first, each downloadable again (zip or labels) from its stored codes. */
export function RecentBatches({
  types,
  busy,
  onDownloadAgain,
  onDownloadLabels,
}: RecentBatchesProps) {
  const [page, setPage] = useState(0);
  const batches = useGetQrBatchesQuery({ limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  return (
    <Panel
      title={MESSAGES.qrRecentBatches}
      subtitle="Download again rebuilds a batch's zip, Labels its PDF on the chosen sheet; neither creates containers"
    >
      <QueryView
        data={batches.data}
        error={batches.error}
        errorTitle="Could not load the batches"
        onRetry={batches.refetch}
        skeletonHeight={120}
      >
        {(data) =>
          data.total === 0 ? (
            <EmptyState title={MESSAGES.qrNoBatches} />
          ) : (
            <>
              <table className={styles.batches}>
                <thead>
                  <tr>
                    <th scope="col">Batch</th>
                    <th scope="col">Created</th>
                    <th scope="col">{MESSAGES.qrCountryLabel}</th>
                    <th scope="col">{MESSAGES.qrTypeLabel}</th>
                    <th scope="col">Codes</th>
                    <th scope="col">By</th>
                    <th scope="col">
                      <span className={panelStyles.srOnly}>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((batch) => (
                    <tr key={batch.id}>
                      <th scope="row" data-label="Batch">
                        #{batch.id}
                      </th>
                      <td data-label="Created">{formatDateTime(batch.created_at)}</td>
                      <td data-label={MESSAGES.qrCountryLabel}>{batch.country}</td>
                      <td data-label={MESSAGES.qrTypeLabel}>{types[batch.type] ?? batch.type}</td>
                      <td data-label="Codes">{formatNumber(batch.count)}</td>
                      <td data-label="By">{batch.created_by.email}</td>
                      <td>
                        <div className={styles.rowActions}>
                          <button
                            type="button"
                            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
                            disabled={busy}
                            aria-label={`${MESSAGES.qrDownloadAgain}, batch #${batch.id}`}
                            onClick={() => onDownloadAgain(batch)}
                          >
                            {MESSAGES.qrDownloadAgain}
                          </button>
                          <button
                            type="button"
                            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
                            disabled={busy}
                            aria-label={QR_LABEL_MESSAGES.downloadForBatch(batch.id)}
                            onClick={() => onDownloadLabels(batch)}
                          >
                            {QR_LABEL_MESSAGES.downloadShort}
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <BatchPager
                page={page}
                total={data.total}
                busy={batches.isFetching}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryView>
    </Panel>
  );
}

function BatchPager({
  page,
  total,
  busy,
  onPage,
}: {
  page: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);
  return (
    <nav className={styles.pager} aria-label="Batch pages">
      <p aria-live="polite">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)} batches
      </p>
      {total > PAGE_SIZE ? (
        <div className={styles.pagerButtons}>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || page === 0}
            onClick={() => onPage(page - 1)}
          >
            Newer
          </button>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy || last >= total}
            onClick={() => onPage(page + 1)}
          >
            Older
          </button>
        </div>
      ) : null}
    </nav>
  );
}

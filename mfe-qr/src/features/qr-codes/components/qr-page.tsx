import { useState } from 'react';
import {
  MESSAGES,
  NotFoundPage,
  panelStyles,
  useSession,
  type TypesAndCountries,
} from '@panel/shared';
import type { QrBatch } from '@panel/shared/contract';
import { EmptyState, PageHeader, QueryView, useErrorToast } from '@panel/shared/page-ui';

import type { LabelSheetId } from '../../../lib/qr-labels/label-layout';
import { useLazyGetQrBatchQuery } from '../api/get-qr-batch';
import { useGetQrOptionsQuery } from '../api/get-qr-options';
import { type DownloadOutput, useQrDownload } from '../hooks/use-qr-download';
import { QrGenerator } from './qr-generator';
import styles from './qr-page.module.css';
import { QrPreview } from './qr-preview';
import { RecentBatches } from './recent-batches';

/** /qr (super admin only): generate container codes and download their QR labels. */
export function QrPage() {
  const { token, role } = useSession();
  if (role === 'shop') return <NotFoundPage />;
  return (
    <div className={panelStyles.page}>
      <PageHeader
        title={MESSAGES.qrTitle}
        subtitle="Codes for new containers, as printable labels"
      />
      {token ? <QrWorkspace /> : <Unavailable />}
    </div>
  );
}

/** Spec section 2: without a login (or without data) a fallback placeholder view. */
function Unavailable({ reason = 'Sign in as the super admin to generate QR codes.' }) {
  return (
    <section className={panelStyles.panel} aria-label="QR generator unavailable">
      <EmptyState title="The QR generator is not available">{reason}</EmptyState>
    </section>
  );
}

function QrWorkspace() {
  // Spec section 4: options load on mount when a token exists (this component only renders then).
  const options = useGetQrOptionsQuery();
  useErrorToast(options.error, MESSAGES.loadFailedPrefix);
  return (
    <QueryView
      data={options.data}
      error={options.error}
      errorTitle={MESSAGES.failedTypesAndCountries}
      onRetry={options.refetch}
    >
      {(data) =>
        Object.keys(data.countries).length === 0 || Object.keys(data.types).length === 0 ? (
          <Unavailable reason="No countries or container types are set up yet." />
        ) : (
          <QrTools options={data} />
        )
      }
    </QueryView>
  );
}

function QrTools({ options }: { options: TypesAndCountries }) {
  const download = useQrDownload();
  const [sheetId, setSheetId] = useState<LabelSheetId>('a4-3x8');
  const [fetchBatch] = useLazyGetQrBatchQuery();
  const downloadAgain = (batch: QrBatch, output: DownloadOutput) =>
    void download.start(
      {
        total: batch.count,
        creates: false,
        load: async () => {
          const stored = await fetchBatch(batch.id).unwrap();
          return { codes: stored.codes, batchId: stored.id };
        },
      },
      output,
    );
  return (
    <>
      <div className={styles.grid}>
        <QrGenerator
          options={options}
          download={download}
          sheetId={sheetId}
          onSheetChange={setSheetId}
        />
        <QrPreview preview={download.preview} />
      </div>
      <RecentBatches
        types={options.types}
        busy={download.busy}
        onDownloadAgain={(batch) => downloadAgain(batch, { kind: 'zip' })}
        onDownloadLabels={(batch) =>
          downloadAgain(batch, {
            kind: 'labels',
            sheetId,
            typeLabel: options.types[batch.type] ?? batch.type,
          })
        }
      />
    </>
  );
}

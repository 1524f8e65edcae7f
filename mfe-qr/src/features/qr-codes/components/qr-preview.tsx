import { MESSAGES, QR } from '@panel/shared';
import { Panel } from '@panel/shared/page-ui';

import type { QrPreview as Preview } from '../hooks/use-qr-download';
import styles from './qr-page.module.css';

/** The latest generated code, shown from the very PNG that went into the zip. */
export function QrPreview({ preview }: { preview: Preview | null }) {
  return (
    <Panel title="Preview" subtitle={preview ? preview.fileName : undefined}>
      <div className={styles.preview}>
        {preview ? (
          <>
            <img
              src={preview.url}
              width={QR.sizePx}
              height={QR.sizePx}
              alt={`QR code of the latest generated code, ${preview.code}`}
            />
            <code className={styles.code}>{preview.code}</code>
          </>
        ) : (
          <div className={styles.previewEmpty} style={{ width: QR.sizePx, height: QR.sizePx }}>
            <p>{MESSAGES.qrPreviewEmpty}</p>
          </div>
        )}
      </div>
    </Panel>
  );
}

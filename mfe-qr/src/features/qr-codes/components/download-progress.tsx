import { MESSAGES, panelStyles } from '@panel/shared';
import { QR_LABEL_MESSAGES } from '@panel/shared/page-ui';

import { formatNumber } from '../../../lib/format';
import type { DownloadOutput, DownloadState } from '../hooks/use-qr-download';
import styles from './qr-page.module.css';

interface DownloadProgressProps {
  state: Exclude<DownloadState, { phase: 'idle' }>;
  output: DownloadOutput['kind'];
  onCancel: () => void;
}

function describe(state: DownloadProgressProps['state']): string {
  const total = formatNumber(state.total);
  if (state.phase === 'loading') return `Getting ${total} codes…`;
  if (state.phase === 'zipping') return `Packing ${total} images into qr_codes.zip…`;
  if (state.phase === 'writing') return QR_LABEL_MESSAGES.writing(total);
  return `${formatNumber(state.done)} of ${total}`;
}

/** The loading indicator of spec section 4, with how far it is (n of N) and a way to stop. */
export function DownloadProgress({ state, output, onCancel }: DownloadProgressProps) {
  const text = describe(state);
  const determinate = state.phase !== 'loading';
  const done = state.phase === 'loading' ? 0 : state.done;
  const percent = state.total > 0 ? (done / state.total) * 100 : 0;
  return (
    <div className={styles.progress}>
      <div className={styles.progressHead}>
        <span id="qr-progress-label" className={styles.progressLabel}>
          {output === 'labels' ? QR_LABEL_MESSAGES.progressTitle : 'Rendering QR codes'}
        </span>
        <span className={styles.progressText} aria-live="polite">
          {text}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-labelledby="qr-progress-label"
        aria-valuemin={0}
        aria-valuemax={state.total}
        aria-valuenow={determinate ? done : undefined}
        aria-valuetext={text}
      >
        <div
          className={determinate ? styles.fill : `${styles.fill} ${styles.indeterminate}`}
          style={determinate ? { width: `${percent}%` } : undefined}
        />
      </div>
      <button
        type="button"
        className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
        onClick={onCancel}
      >
        {MESSAGES.qrCancel}
      </button>
    </div>
  );
}

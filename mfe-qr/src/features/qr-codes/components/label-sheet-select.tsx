import { useId } from 'react';
import { QR_LABEL_MESSAGES } from '@panel/shared/page-ui';

import { LABEL_SHEETS, type LabelSheetId } from '../../../lib/qr-labels/label-layout';
import styles from './qr-page.module.css';

interface LabelSheetSelectProps {
  value: LabelSheetId;
  onChange: (sheetId: LabelSheetId) => void;
}

/** Which label sheet the PDF downloads lay the codes out on, for the new batch and the old ones. */
export function LabelSheetSelect({ value, onChange }: LabelSheetSelectProps) {
  const id = useId();
  return (
    <div className={styles.sheet}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {QR_LABEL_MESSAGES.sheetLabel}
      </label>
      <select
        id={id}
        className={styles.sheetSelect}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as LabelSheetId)}
      >
        {Object.values(LABEL_SHEETS).map((sheet) => (
          <option key={sheet.id} value={sheet.id}>
            {QR_LABEL_MESSAGES.sheets[sheet.id]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={styles.hint}>
        {QR_LABEL_MESSAGES.sheetHint}
      </p>
    </div>
  );
}

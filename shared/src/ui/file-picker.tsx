import { forwardRef, type ChangeEvent, type KeyboardEvent } from 'react';

import { MESSAGES } from '../config/messages';
import styles from './file-picker.module.css';

interface FilePickerProps {
  id: string;
  label: string;
  /** The chosen file's name, or null for none. */
  fileName: string | null;
  /** What the field takes, said under it (type and size). */
  hint: string;
  error?: string | null;
  accept?: string;
  name?: string;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/**
 * The one file field of the panel (register and profile logos): a styled
 * button and the chosen name instead of each browser's own control. The real
 * input lies transparent over the button, so a click, the keyboard, screen
 * readers and tests all reach the native control, labelled by `label`.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker(
  { id, label, fileName, hint, error, accept, name, disabled, onChange, onKeyDown },
  ref,
) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.picker} data-disabled={disabled || undefined}>
        <span className={styles.buttonWrap}>
          <input
            ref={ref}
            id={id}
            className={styles.input}
            type="file"
            name={name}
            accept={accept}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? `${id}-error` : '', `${id}-chosen`, `${id}-hint`]
              .filter(Boolean)
              .join(' ')}
            onChange={onChange}
            onKeyDown={onKeyDown}
          />
          <span className={styles.button} aria-hidden="true">
            {MESSAGES.chooseFile}
          </span>
        </span>
        <span id={`${id}-chosen`} className={styles.chosen}>
          {fileName ?? MESSAGES.noFileChosen}
        </span>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});

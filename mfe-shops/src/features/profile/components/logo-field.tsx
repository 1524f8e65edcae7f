import { useRef, useState, type ChangeEvent } from 'react';
import { logoProblem, MESSAGES, mediaUrl } from '@panel/shared';
import { FilePicker } from '@panel/shared/page-ui';

import { useObjectUrl } from '../hooks/use-object-url';
import styles from './profile.module.css';

interface LogoFieldProps {
  id: string;
  current: string | null | undefined;
  file: File | null;
  disabled: boolean;
  /** An error from the server for the logo, shown like a local one. */
  serverError?: string;
  onChange: (file: File | null) => void;
}

/**
 * Logo upload with a preview before saving. A file that is not an image or
 * is over 2 MB is refused with the spec's text and the choice is cleared
 * (section 5), so the same file can be chosen again after fixing it.
 */
export function LogoField({ id, current, file, disabled, serverError, onChange }: LogoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? mediaUrl(current);
  const error = problem ?? serverError ?? null;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen ? logoProblem(chosen) : null;
    setProblem(refused);
    if (refused) {
      event.target.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  }

  return (
    <div className={styles.logoField}>
      <div className={styles.logoPreview}>
        {shown ? (
          <img src={shown} alt={preview ? 'Preview of the new logo' : 'Current logo'} />
        ) : (
          <span aria-hidden="true">No logo</span>
        )}
      </div>
      <div className={styles.field}>
        <FilePicker
          ref={input}
          id={id}
          label="Logo"
          accept="image/*"
          fileName={file?.name ?? null}
          hint={MESSAGES.logoHint}
          error={error}
          disabled={disabled}
          onChange={choose}
        />
        {file ? (
          <button
            type="button"
            className={styles.textButton}
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
          >
            Keep the current logo
          </button>
        ) : null}
      </div>
    </div>
  );
}

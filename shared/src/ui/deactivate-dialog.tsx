import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import type { Shop } from '../types';
import { SHOP_ADMIN_MESSAGES } from '../config/shop-admin-messages';
import styles from './deactivate-dialog.module.css';
import { panelStyles } from './panel-styles';

const TEXT = SHOP_ADMIN_MESSAGES;
const OTHER = 'other';

interface DeactivateDialogProps {
  /** The shop to deactivate; null while the dialog is closed. */
  shop: Shop | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Deactivate asks first, with a reason: a common one or the super admin's
 * own words, required (issue 32). A native modal <dialog>: focus moves in,
 * Escape closes it, and focus goes back to the button that opened it.
 */
export function DeactivateDialog({ shop, busy, onConfirm, onClose }: DeactivateDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (shop && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      setChoice('');
      setOther('');
      setError(null);
      dialog.showModal();
    } else if (!shop && dialog.open) {
      // Closed first: the page behind a modal dialog cannot take focus.
      dialog.close();
      opener.current?.focus();
      opener.current = null;
    }
  }, [shop]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = (choice === OTHER ? other : choice).trim();
    if (!reason) return setError(TEXT.deactivateReasonRequired);
    setError(null);
    onConfirm(reason);
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (shop) onClose();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {shop ? (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{TEXT.deactivateTitle(shop.name)}</h2>
          <p className={styles.intro}>{TEXT.deactivateIntro}</p>
          <fieldset className={styles.fieldset}>
            <legend>{TEXT.deactivateReasonLegend}</legend>
            {[...TEXT.deactivateReasons, OTHER].map((value) => (
              <label key={value} className={styles.option}>
                <input
                  type="radio"
                  name="deactivate-reason"
                  value={value}
                  checked={choice === value}
                  onChange={() => {
                    setChoice(value);
                    setError(null);
                  }}
                />
                <span>{value === OTHER ? TEXT.deactivateOtherReason : value}</span>
              </label>
            ))}
            {choice === OTHER ? (
              <input
                type="text"
                aria-label={TEXT.deactivateOtherReason}
                className={styles.text}
                maxLength={200}
                required
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
                value={other}
                onChange={(event) => {
                  setOther(event.target.value);
                  setError(null);
                }}
              />
            ) : null}
          </fieldset>
          <p id={errorId} role="alert" className={styles.error}>
            {error}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
              disabled={busy}
              onClick={onClose}
            >
              {TEXT.deactivateCancel}
            </button>
            <button type="submit" className={panelStyles.button} disabled={busy} aria-busy={busy}>
              {TEXT.deactivateConfirm}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}

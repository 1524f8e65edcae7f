import { type ReactNode, useEffect, useId, useRef } from 'react';
import { MESSAGES, panelStyles } from '@panel/shared';
import { keepFocusInside } from '@panel/shared/page-ui';

import styles from './requests.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  closeLabel: string;
  /** While the confirmed call runs: the buttons and Escape wait. */
  busy: boolean;
  /** A confirm that refuses something (Deny): drawn in the deny red. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

interface ConfirmRequestDialogProps {
  open: boolean;
  lines: Array<{ quantity: number; label: string }>;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation as a native modal <dialog>: focus moves into it and stays
 * there, the page behind is inert, Escape closes it, and focus goes back to
 * whatever opened it.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  closeLabel,
  busy,
  danger = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && opener.current) {
      // Closed first: the page behind a modal dialog cannot take focus.
      if (dialog.open) dialog.close();
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);
  // A dialog unmounted while open (its parent dropped it) still gives the focus back.
  useEffect(
    () => () => {
      opener.current?.focus();
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape and the close() above both end here; the parent keeps the state.
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onKeyDown={keepFocusInside}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
          disabled={busy}
          onClick={onClose}
        >
          {closeLabel}
        </button>
        <button
          type="button"
          className={danger ? `${panelStyles.button} ${styles.denySolid}` : panelStyles.button}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/** The confirmation before sending (spec section 2), listing what is asked for. */
export function ConfirmRequestDialog({
  open,
  lines,
  sending,
  onConfirm,
  onClose,
}: ConfirmRequestDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={MESSAGES.confirmRequestTitle}
      confirmLabel={MESSAGES.confirmRequestYes}
      closeLabel={MESSAGES.confirmRequestNo}
      busy={sending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <ul className={styles.dialogLines}>
        {lines.map((line) => (
          <li key={line.label} className={styles.item}>
            <span className={styles.quantity}>{line.quantity}</span>
            <span>{line.label}</span>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

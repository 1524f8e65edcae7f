import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type ContainerTypes, describeError, type Loan, notify, panelStyles } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

import { useWriteOffDashboardLoanMutation } from '../api/write-off-lost';
import { codesOut } from '../utils/loan-containers';
import styles from './loans.module.css';

const TEXT = PAGE_MESSAGES.loanWorklist;
const OTHER = 'other';

const FOCUSABLE = 'input:enabled, button:enabled';

/**
 * Tab and Shift+Tab go round the dialog's fields and buttons. A modal
 * <dialog> makes the page behind inert, but browsers still let Tab leave the
 * last control for their own toolbar before it comes back.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

interface LostDialogProps {
  /** The loan whose containers are written off; null when the dialog is closed. */
  loan: Loan | null;
  types: ContainerTypes | undefined;
  onClose: () => void;
}

/**
 * "Lost": which of the loan's containers still out are lost, and why (a
 * common reason or the shop's own words), both required. A native modal
 * <dialog>: focus moves in and stays, Escape closes it, and focus goes back
 * to the button that opened it.
 */
export function LostDialog({ loan, types, onClose }: LostDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const errorId = useId();
  const [writeOff, { isLoading }] = useWriteOffDashboardLoanMutation();
  const out = loan ? codesOut(loan) : [];
  const [codes, setCodes] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (loan && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      setCodes(codesOut(loan));
      setReason('');
      setOther('');
      setError(null);
      dialog.showModal();
    } else if (!loan && opener.current) {
      // Closed first: the page behind a modal dialog cannot take focus.
      if (dialog.open) dialog.close();
      opener.current.focus();
      opener.current = null;
    }
  }, [loan]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!loan) return;
    const why = (reason === OTHER ? other : reason).trim();
    if (codes.length === 0) return setError(TEXT.lostCodesRequired);
    if (!why) return setError(TEXT.lostReasonRequired);
    setError(null);
    const result = await writeOff({ id: loan.id, codes, reason: why });
    if (result.error) return setError(describeError(result.error, { fields: ['reason'] }).text);
    notify.success(TEXT.lostDone(codes.length));
    onClose();
  };

  const toggle = (code: string, checked: boolean) =>
    setCodes((now) => (checked ? [...now, code] : now.filter((c) => c !== code)));
  const typeOf = (code: string) => {
    const type = loan?.containers.find((c) => c.code === code)?.container_type ?? '';
    return types?.[type] ?? type;
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      // Escape ends here too; the parent keeps which loan is open.
      onClose={() => {
        if (loan) onClose();
      }}
      onCancel={(event) => {
        if (isLoading) event.preventDefault();
      }}
      onKeyDown={keepFocusInside}
    >
      {loan ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h2 id={titleId}>{TEXT.lostTitle(loan.client)}</h2>
          <fieldset className={styles.fieldset}>
            <legend>{TEXT.lostCodesLegend}</legend>
            {out.map((code) => (
              <label key={code} className={styles.option}>
                <input
                  type="checkbox"
                  checked={codes.includes(code)}
                  onChange={(event) => toggle(code, event.target.checked)}
                />
                <span>
                  {code} <span className={styles.types}>{typeOf(code)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.fieldset}>
            <legend>{TEXT.lostReasonLegend}</legend>
            {[...TEXT.lostReasons, OTHER].map((choice) => (
              <label key={choice} className={styles.option}>
                <input
                  type="radio"
                  name="lost-reason"
                  value={choice}
                  checked={reason === choice}
                  onChange={() => setReason(choice)}
                />
                <span>{choice === OTHER ? TEXT.lostOtherReason : choice}</span>
              </label>
            ))}
            {reason === OTHER ? (
              <input
                type="text"
                aria-label={TEXT.lostOtherReason}
                className={styles.search}
                maxLength={200}
                required
                aria-invalid={error === TEXT.lostReasonRequired}
                aria-describedby={error ? errorId : undefined}
                value={other}
                onChange={(event) => setOther(event.target.value)}
              />
            ) : null}
          </fieldset>
          <p id={errorId} role="alert" className={styles.refusal}>
            {error}
          </p>
          <div className={styles.dialogActions}>
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
              disabled={isLoading}
              onClick={onClose}
            >
              {TEXT.lostCancel}
            </button>
            <button
              type="submit"
              className={panelStyles.button}
              disabled={isLoading}
              aria-busy={isLoading}
            >
              {TEXT.lostConfirm}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}

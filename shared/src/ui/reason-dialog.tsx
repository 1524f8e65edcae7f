import { type ReactNode, useEffect, useId, useMemo, useRef } from 'react';
import { Type, type TSchema } from 'typebox';

import { Field } from '../forms/field';
import { useSchemaForm } from '../forms/use-schema-form';
import { keepFocusInside } from './keep-focus-inside';
import { panelStyles } from './panel-styles';
import styles from './reason-dialog.module.css';

const OTHER = 'other';

/** The dialog's fieldset and option looks, for what a caller draws above the reasons. */
export const reasonDialogClasses = { fieldset: styles.fieldset, option: styles.option };

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  intro?: ReactNode;
  legend: string;
  /** The common reasons, offered as radios before "other". */
  reasons: readonly string[];
  /** The "other" radio's words. */
  otherLabel: string;
  /** A visible label over the own-words input; without one it is named by otherLabel. */
  otherInputLabel?: string;
  /** Said when no reason is chosen or written. */
  requiredText: string;
  /** The reason's schema in the call's body (@panel/shared/contract): its length is the input's. */
  reasonSchema: TSchema & { maxLength?: number };
  confirmLabel: string;
  cancelLabel: string;
  /** A confirm that refuses something, drawn in the deny red. */
  danger?: boolean;
  /** The parent's call is running: the buttons and Escape wait. */
  busy?: boolean;
  /** What else must be chosen first (the lost containers), or null. */
  problem?: () => string | null;
  /** Gets the trimmed reason; a rejection (a failed call) is said in the dialog. */
  onConfirm: (reason: string) => unknown;
  onClose: () => void;
  /** Drawn above the reasons (the lost dialog's containers). */
  children?: ReactNode;
}

interface Values {
  choice: string;
  other: string;
}

/** The chosen reason or the own words, trimmed; a radio group none of whose radios is checked reads null. */
function reasonOf(values: Values): string {
  return ((values.choice === OTHER ? values.other : values.choice) ?? '').trim();
}

/**
 * Asks for a reason before an action that a person reads about (deny a
 * request, deactivate a shop, write off containers): a common reason or the
 * user's own words, required. A native modal <dialog>: focus moves in and
 * stays, Escape closes it, and focus goes back to what opened it.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, busy = false, onClose } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const errorId = useId();
  const schema = useMemo(() => Type.Object({ reason: props.reasonSchema }), [props.reasonSchema]);
  const form = useSchemaForm({
    schema,
    defaultValues: { choice: '', other: '' },
    toBody: (values: Values) => ({ reason: reasonOf(values) }),
    checkFirst: (values) => {
      const problem = props.problem?.();
      if (problem) return { field: 'choice', text: problem };
      if (reasonOf(values) !== '') return null;
      return { field: values.choice === OTHER ? 'other' : 'choice', text: props.requiredText };
    },
    fieldOf: { reason: 'form' },
    serverFields: ['reason'],
    send: async (body) => {
      await props.onConfirm(body.reason as string);
    },
  });
  const { reset } = form;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      reset();
      dialog.showModal();
    } else if (!open && opener.current) {
      // Closed first: the page behind a modal dialog cannot take focus.
      if (dialog.open) dialog.close();
      opener.current.focus();
      opener.current = null;
    }
  }, [open, reset]);
  // A dialog unmounted while open (its parent dropped it) still gives the focus back.
  useEffect(() => () => opener.current?.focus(), []);

  const { errors } = form.formState;
  const error = errors.choice?.message ?? errors.other?.message ?? form.formError;
  const waiting = busy || form.busy;
  const choice = form.watch('choice');
  const { error: otherError, ...other } = form.field('other');

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        if (waiting) event.preventDefault();
      }}
      onKeyDown={keepFocusInside}
    >
      {open ? (
        <form onSubmit={form.onSubmit} noValidate>
          <h2 id={titleId}>{props.title}</h2>
          {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
          {props.children}
          <fieldset
            className={styles.fieldset}
            aria-describedby={error ? errorId : undefined}
            disabled={waiting}
          >
            <legend>{props.legend}</legend>
            {[...props.reasons, OTHER].map((value) => (
              <label key={value} className={styles.option}>
                <input
                  type="radio"
                  value={value}
                  {...form.register('choice', { onChange: () => form.clearErrors() })}
                />
                <span>{value === OTHER ? props.otherLabel : value}</span>
              </label>
            ))}
            {choice === OTHER ? (
              <Field
                label={props.otherInputLabel ?? props.otherLabel}
                classes={{
                  field: styles.ownWords,
                  label: props.otherInputLabel ? undefined : styles.hidden,
                  input: styles.text,
                }}
                maxLength={props.reasonSchema.maxLength}
                // The radio that shows it was just picked: the words come next.
                autoFocus
                {...other}
                aria-invalid={otherError ? true : undefined}
                aria-describedby={otherError ? errorId : undefined}
              />
            ) : null}
          </fieldset>
          {error ? (
            <p id={errorId} role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
              disabled={waiting}
              onClick={onClose}
            >
              {props.cancelLabel}
            </button>
            <button
              type="submit"
              className={`${panelStyles.button} ${props.danger ? styles.danger : ''}`}
              disabled={waiting}
              aria-busy={waiting}
            >
              {props.confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}

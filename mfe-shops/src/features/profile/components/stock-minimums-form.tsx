import { useEffect, useId } from 'react';
import { Field, notify, panelStyles } from '@panel/shared';
import { STOCK_MINIMUM_RANGE, ShopSettingsBody } from '@panel/shared/contract';
import { PAGE_MESSAGES, useSchemaForm } from '@panel/shared/page-ui';
import { useGetShopSettingsQuery, useUpdateShopSettingsMutation } from '@panel/shared/data';

import { useGetProfileContainerTypesQuery } from '../api/get-container-types';
import { minimumsDirty, minimumsToSend, type MinimumTexts } from '../utils/stock-minimums';
import styles from './profile.module.css';

const fieldClasses = {
  field: styles.field,
  label: styles.label,
  input: styles.input,
  error: styles.error,
};

/** A type's input, by its place: type keys are data, and a dot in one would read as a path. */
const nameOf = (index: number) => `type${index}`;

/** The typed minimums by type key. */
const byKey = (keys: readonly string[], values: MinimumTexts): MinimumTexts =>
  Object.fromEntries(keys.map((key, index) => [key, values[nameOf(index)] ?? '']));

/** The saved minimums as the inputs show them. */
const shown = (keys: readonly string[], saved: Record<string, number>): MinimumTexts =>
  Object.fromEntries(keys.map((key, index) => [nameOf(index), String(saved[key] ?? 0)]));

/**
 * A minimum free stock per container type (issue 31): the dashboard warns
 * below it. Saved as the whole set through the shop's settings.
 */
export function StockMinimumsForm({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const hintId = useId();
  const { data: settings } = useGetShopSettingsQuery();
  const { data: types } = useGetProfileContainerTypesQuery();
  const [save] = useUpdateShopSettingsMutation();
  const { followUp } = PAGE_MESSAGES;
  const keys = Object.keys(types ?? {});
  const ready = settings !== undefined && types !== undefined;

  const form = useSchemaForm({
    schema: ShopSettingsBody,
    defaultValues: {} as MinimumTexts,
    // The first type whose text is no minimum, on its own field, before the body is made.
    checkFirst: (values) => {
      const checked = minimumsToSend(byKey(keys, values), keys);
      return 'invalid' in checked
        ? { field: nameOf(keys.indexOf(checked.invalid)), text: followUp.stockMinimumInvalid }
        : null;
    },
    toBody: (values) => {
      const checked = minimumsToSend(byKey(keys, values), keys);
      return { stock_minimums: 'minimums' in checked ? checked.minimums : {} };
    },
    messages: { stock_minimums: followUp.stockMinimumInvalid },
    send: (body) => save(body).unwrap(),
    onSent: (saved) => {
      form.reset(shown(keys, saved.stock_minimums));
      onDirty(false);
      notify.success(followUp.stockMinimumsSaved);
    },
    onFailed: (described) =>
      notify.error(`${followUp.stockMinimumsSaveFailedPrefix}${described.text}`),
  });
  const { reset, watch } = form;
  const saved = settings?.stock_minimums;

  // The saved minimums fill the fields when they load; a re-read never takes what is being typed.
  useEffect(() => {
    if (saved && types) reset(shown(Object.keys(types), saved), { keepDirtyValues: true });
  }, [saved, types, reset]);

  useEffect(() => {
    const typeKeys = Object.keys(types ?? {});
    const subscription = watch((values) =>
      onDirty(minimumsDirty(byKey(typeKeys, values as MinimumTexts), saved ?? {}, typeKeys)),
    );
    return () => subscription.unsubscribe();
  }, [watch, onDirty, saved, types]);

  return (
    <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={!ready}>
      <p id={hintId} className={styles.hint}>
        {followUp.stockMinimumsHint}
      </p>
      <div className={styles.minimums}>
        {keys.map((key, index) => {
          const props = form.field(nameOf(index));
          return (
            <Field
              key={key}
              label={types?.[key] ?? key}
              classes={fieldClasses}
              type="number"
              inputMode="numeric"
              min={STOCK_MINIMUM_RANGE.min}
              max={STOCK_MINIMUM_RANGE.max}
              step={1}
              disabled={!ready}
              // The form's hint until the field has an error of its own.
              {...(props.error ? {} : { 'aria-describedby': hintId })}
              {...props}
            />
          );
        })}
      </div>
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={!ready || form.busy}>
          {form.busy ? 'Saving…' : followUp.stockMinimumsSave}
        </button>
      </div>
    </form>
  );
}

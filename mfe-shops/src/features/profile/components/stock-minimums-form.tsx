import { useId, useState, type FormEvent } from 'react';
import { type ApiError, describeError, notify, panelStyles } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { useGetShopSettingsQuery, useUpdateShopSettingsMutation } from '@panel/shared/data';

import { useGetProfileContainerTypesQuery } from '../api/get-container-types';
import { minimumsDirty, minimumsToSend, type MinimumTexts } from '../utils/stock-minimums';
import styles from './profile.module.css';

/**
 * A minimum free stock per container type (issue 31): the dashboard warns
 * below it. Saved as the whole set through the shop's settings.
 */
export function StockMinimumsForm({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const id = useId();
  const { data: settings } = useGetShopSettingsQuery();
  const { data: types } = useGetProfileContainerTypesQuery();
  const [save, { isLoading: saving }] = useUpdateShopSettingsMutation();
  const [texts, setTexts] = useState<MinimumTexts>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const { followUp } = PAGE_MESSAGES;
  const keys = Object.keys(types ?? {});
  const saved = settings?.stock_minimums ?? {};
  const ready = settings !== undefined && types !== undefined;
  const shown = (key: string) => texts[key] ?? String(saved[key] ?? 0);

  function type(key: string, text: string) {
    const next = { ...texts, [key]: text };
    setTexts(next);
    if (invalid === key) setInvalid(null);
    onDirty(minimumsDirty(next, saved, keys));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || saving) return;
    const checked = minimumsToSend(Object.fromEntries(keys.map((key) => [key, shown(key)])), keys);
    if ('invalid' in checked) {
      setInvalid(checked.invalid);
      return;
    }
    try {
      await save({ stock_minimums: checked.minimums }).unwrap();
      setTexts({});
      onDirty(false);
      notify.success(followUp.stockMinimumsSaved);
    } catch (failure) {
      const described = describeError(failure as ApiError, { fields: ['stock_minimums'] });
      notify.error(`${followUp.stockMinimumsSaveFailedPrefix}${described.text}`);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={!ready}>
      <p id={`${id}-hint`} className={styles.hint}>
        {followUp.stockMinimumsHint}
      </p>
      <div className={styles.minimums}>
        {keys.map((key) => {
          const wrong = invalid === key;
          return (
            <div key={key} className={styles.field}>
              <label htmlFor={`${id}-${key}`} className={styles.label}>
                {types?.[key] ?? key}
              </label>
              <input
                id={`${id}-${key}`}
                className={styles.input}
                type="number"
                inputMode="numeric"
                min={0}
                max={9999}
                step={1}
                disabled={!ready}
                value={shown(key)}
                aria-invalid={wrong || undefined}
                aria-describedby={wrong ? `${id}-${key}-error` : `${id}-hint`}
                onChange={(event) => type(key, event.target.value)}
              />
              {wrong ? (
                <p id={`${id}-${key}-error`} className={styles.error} role="alert">
                  {followUp.stockMinimumInvalid}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className={styles.footer}>
        <button type="submit" className={panelStyles.button} disabled={!ready || saving}>
          {saving ? 'Saving…' : followUp.stockMinimumsSave}
        </button>
      </div>
    </form>
  );
}

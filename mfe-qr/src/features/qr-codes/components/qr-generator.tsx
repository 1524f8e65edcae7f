import { useId, useMemo, useState } from 'react';
import { LIMITS, MESSAGES, type TypesAndCountries } from '@panel/shared';
import { Panel, QR_LABEL_MESSAGES } from '@panel/shared/page-ui';

import { formatNumber } from '../../../lib/format';
import type { LabelSheetId } from '../../../lib/qr-labels/label-layout';
import { useGenerateQrCodesMutation } from '../api/generate-qr-codes';
import type { DownloadOutput, QrDownload } from '../hooks/use-qr-download';
import { toOptions } from '../utils/options';
import { isOverMaximum, isQuantityInput, isSelectionComplete } from '../utils/quantity';
import { DownloadProgress } from './download-progress';
import { LabelSheetSelect } from './label-sheet-select';
import styles from './qr-page.module.css';
import { SearchSelect } from './search-select';

type OpenList = 'country' | 'type' | null;

interface QrGeneratorProps {
  options: TypesAndCountries;
  download: QrDownload;
  sheetId: LabelSheetId;
  onSheetChange: (sheetId: LabelSheetId) => void;
}

/**
 * Choose a country, a container model and a quantity; Download creates the
 * codes and saves their zip, Download labels creates them and saves a PDF of
 * label sheets.
 */
export function QrGenerator({ options, download, sheetId, onSheetChange }: QrGeneratorProps) {
  const quantityId = useId();
  const countries = useMemo(() => toOptions(options.countries), [options.countries]);
  const types = useMemo(() => toOptions(options.types), [options.types]);
  // Spec section 4 defaults: nothing chosen ('0' there), quantity '1'.
  const [country, setCountry] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(String(LIMITS.qrDefaultQuantity));
  const [openList, setOpenList] = useState<OpenList>(null);
  const [generate] = useGenerateQrCodesMutation();

  const complete = isSelectionComplete({ country, type, quantity });
  const tooMany = isOverMaximum(quantity);
  const count = Number(quantity);
  const openChange = (list: Exclude<OpenList, null>) => (open: boolean) =>
    setOpenList((current) => (open ? list : current === list ? null : current));

  const onDownload = (output: DownloadOutput['kind']) => {
    if (!complete || country === null || type === null) return;
    void download.start(
      {
        total: count,
        creates: true,
        load: async () => {
          const answer = await generate({ country, type, count }).unwrap();
          return { codes: answer.generated_codes, batchId: answer.batch_id };
        },
      },
      output === 'zip'
        ? { kind: 'zip' }
        : { kind: 'labels', sheetId, typeLabel: options.types[type] ?? type },
    );
  };

  return (
    <Panel title="New batch" subtitle="Each code becomes a new container in your stock">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onDownload('zip');
        }}
      >
        <SearchSelect
          label={MESSAGES.qrCountryLabel}
          prompt="Choose a country"
          options={countries}
          value={country}
          onChange={setCountry}
          open={openList === 'country'}
          onOpenChange={openChange('country')}
        />
        <SearchSelect
          label={MESSAGES.qrTypeLabel}
          prompt="Choose a container model"
          options={types}
          value={type}
          onChange={setType}
          open={openList === 'type'}
          onOpenChange={openChange('type')}
        />
        <div className={styles.quantity}>
          <label htmlFor={quantityId} className={styles.fieldLabel}>
            {MESSAGES.qrQuantityLabel}
          </label>
          <input
            id={quantityId}
            className={styles.quantityInput}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={quantity}
            aria-invalid={tooMany}
            aria-describedby={`${quantityId}-hint`}
            onChange={(event) => {
              if (isQuantityInput(event.target.value)) setQuantity(event.target.value);
            }}
          />
          <p
            id={`${quantityId}-hint`}
            className={tooMany ? styles.hintError : styles.hint}
            role={tooMany ? 'alert' : undefined}
          >
            {MESSAGES.qrMaxQuantity(formatNumber(LIMITS.qrMaxQuantity))}
          </p>
        </div>
        <LabelSheetSelect value={sheetId} onChange={onSheetChange} />
        <div className={styles.actions}>
          <div className={styles.buttons}>
            <button
              type="submit"
              className={styles.download}
              disabled={!complete || download.busy}
              aria-busy={download.busy && download.output === 'zip'}
            >
              {MESSAGES.qrDownload}
            </button>
            <button
              type="button"
              className={styles.downloadLabels}
              disabled={!complete || download.busy}
              aria-busy={download.busy && download.output === 'labels'}
              onClick={() => onDownload('labels')}
            >
              {QR_LABEL_MESSAGES.download}
            </button>
          </div>
          {complete ? (
            <p className={styles.summary} role="status">
              <strong>{formatNumber(count)}</strong> {count === 1 ? 'code' : 'codes'} ·{' '}
              {options.types[type as string]} · {country}
            </p>
          ) : null}
        </div>
        {download.state.phase !== 'idle' ? (
          <DownloadProgress
            state={download.state}
            output={download.output}
            onCancel={download.cancel}
          />
        ) : null}
      </form>
    </Panel>
  );
}

import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type ApiError, describeError, MESSAGES, notify, panelStyles, PATHS } from '@panel/shared';
import { EmptyState, QueryView, useErrorToast } from '@panel/shared/page-ui';

import { useCreateRequestMutation } from '../api/create-request';
import { useGetRequestContainerTypesQuery } from '../api/get-container-types';
import { quantitiesFromLink } from '../utils/quantities-from-link';
import { type Quantities, requestLines, totalQuantity } from '../utils/quantity';
import { ConfirmRequestDialog } from './confirm-dialog';
import { QuantityPicker } from './quantity-picker';
import styles from './requests.module.css';

/**
 * The shop's main tab (spec section 2): a picker per container type and a
 * floating Send Request that confirms first. A sent request resets the
 * pickers and goes to /home; a failed one keeps them, so nothing is retyped.
 */
export function NewRequestForm() {
  const types = useGetRequestContainerTypesQuery();
  const [create, { isLoading: sending }] = useCreateRequestMutation();
  const [searchParams] = useSearchParams();
  // A link may ask for quantities (the dashboard's stock alert); read once, then the pickers own them.
  const [quantities, setQuantities] = useState<Quantities>(() => quantitiesFromLink(searchParams));
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  useErrorToast(types.error, MESSAGES.loadFailedPrefix);

  const labels = types.data ?? {};
  const lines = requestLines(quantities, Object.keys(labels));
  const total = totalQuantity(quantities);

  async function send() {
    try {
      await create(lines).unwrap();
      notify.success(MESSAGES.requestSent);
      setQuantities({});
      setConfirming(false);
      navigate(PATHS.home);
    } catch (failure) {
      notify.error(`${MESSAGES.requestSendFailedPrefix}${describeError(failure as ApiError).text}`);
      setConfirming(false);
    }
  }

  return (
    <QueryView
      data={types.data}
      error={types.error}
      errorTitle={MESSAGES.failedTypesAndCountries}
      onRetry={() => void types.refetch()}
    >
      {(containerTypes) =>
        Object.keys(containerTypes).length === 0 ? (
          <EmptyState title="No container types yet">
            The provider has not set up any container types to request.
          </EmptyState>
        ) : (
          <>
            <ul className={styles.pickers} aria-label="Containers to request">
              {Object.entries(containerTypes).map(([key, label]) => (
                <QuantityPicker
                  key={key}
                  label={label}
                  value={quantities[key] ?? 0}
                  onChange={(value) => setQuantities((all) => ({ ...all, [key]: value }))}
                />
              ))}
            </ul>
            {total === 0 ? <p className={styles.hint}>{MESSAGES.sendRequestHint}</p> : null}
            <div className={styles.sendSpacer} />
            <div className={styles.sendBar}>
              {total > 0 ? (
                <span className={styles.total} aria-live="polite">
                  {total} {total === 1 ? 'container' : 'containers'}
                </span>
              ) : null}
              <button
                type="button"
                className={`${panelStyles.button} ${styles.sendButton}`}
                disabled={total === 0}
                onClick={() => setConfirming(true)}
              >
                {MESSAGES.sendRequest}
              </button>
            </div>
            <ConfirmRequestDialog
              open={confirming}
              lines={lines.map((line) => ({
                quantity: line.count,
                label: containerTypes[line.container_type] ?? line.container_type,
              }))}
              sending={sending}
              onConfirm={() => void send()}
              onClose={() => setConfirming(false)}
            />
          </>
        )
      }
    </QueryView>
  );
}

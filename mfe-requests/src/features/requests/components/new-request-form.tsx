import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  type ContainerRequest,
  MESSAGES,
  notify,
  panelStyles,
  PATHS,
  requestsPath,
  useSession,
} from '@panel/shared';
import { CreateRequestBody } from '@panel/shared/contract';
import { newIdempotencyKey } from '@panel/shared/data';
import {
  EmptyState,
  QueryView,
  useErrorToast,
  useSchemaForm,
  PAGE_MESSAGES,
} from '@panel/shared/page-ui';

import { type NewRequestItem, useCreateRequestMutation } from '../api/create-request';
import { useLazyGetNewestPendingRequestsQuery } from '../api/find-sent-request';
import { useGetRequestContainerTypesQuery } from '../api/get-container-types';
import { quantitiesFromLink } from '../utils/quantities-from-link';
import { type Quantities, requestLines, totalQuantity } from '../utils/quantity';
import { findSentRequest } from '../utils/sent-request';
import { ConfirmRequestDialog } from './confirm-dialog';
import { QuantityPicker } from './quantity-picker';
import styles from './requests.module.css';

/** Where the Pending tab shows one request, marked (request-card.tsx). */
export const pendingRequestPath = (id: number) => `${requestsPath('pending')}&request=${id}`;

/**
 * After a Send that got no answer: checking whether it was made, found
 * after all, not found, or the check itself failing.
 */
type Unanswered =
  | { phase: 'checking' }
  | { phase: 'found'; request: ContainerRequest }
  | { phase: 'not-found' }
  | { phase: 'check-failed' };

/**
 * The shop's main tab (spec section 2): a picker per container type and a
 * floating Send Request that confirms first; the dialog's Yes submits the
 * form, whose body is checked against the contract's CreateRequestBody. A
 * sent request resets the pickers and goes to /home; a failed one keeps
 * them, so nothing is retyped, and says why under them. Each Send carries an Idempotency-Key kept until the quantities change, so
 * sending again after no answer can never make a second request; after no
 * answer the form looks among the newest pending requests for the one sent.
 */
export function NewRequestForm() {
  const types = useGetRequestContainerTypesQuery();
  const [create] = useCreateRequestMutation();
  const [findPending] = useLazyGetNewestPendingRequestsQuery();
  const { shopId } = useSession();
  const [searchParams] = useSearchParams();
  const [confirming, setConfirming] = useState(false);
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);
  // The key and the time of the Send it belongs to; null until the first Send.
  const attempt = useRef<{ key: string; at: number } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  useErrorToast(types.error, MESSAGES.loadFailedPrefix);

  const labels = types.data ?? {};
  const form = useSchemaForm({
    schema: CreateRequestBody,
    // A link may ask for quantities (the dashboard's stock alert); read once, then the pickers own them.
    defaultValues: { quantities: quantitiesFromLink(searchParams) },
    toBody: ({ quantities }: { quantities: Quantities }) => ({
      containers: requestLines(quantities, Object.keys(labels)),
    }),
    // The pickers are one field: what is wrong with the lines is said under them.
    fieldOf: { containers: 'form' },
    messages: { containers: MESSAGES.sendRequestHint },
    serverFields: ['containers'],
    send: ({ containers }) => {
      attempt.current ??= { key: newIdempotencyKey(), at: Date.now() };
      setUnanswered(null);
      return create({ containers, idempotencyKey: attempt.current.key }).unwrap();
    },
    onSent: (request: ContainerRequest) => {
      attempt.current = null;
      notify.success(MESSAGES.requestSent, {
        label: PAGE_MESSAGES.followUp.viewRequest,
        href: pendingRequestPath(request.id),
        open: () => navigate(pendingRequestPath(request.id)),
      });
      form.reset({ quantities: {} });
      setConfirming(false);
      navigate(PATHS.home);
    },
    onFailed: (described, failure) => {
      setConfirming(false);
      // No answer, or a 409: the first call with this key has not finished
      // (api/README.md). Either way the request may exist: keep the key, so
      // sending again cannot double it, and look for it.
      if (
        described.text === MESSAGES.noInternet ||
        (failure as { status?: unknown }).status === 409
      ) {
        form.clearErrors('root');
        void check(lines, attempt.current?.at ?? Date.now());
        return;
      }
      // A real answer is final for this key (the API keeps it): the next Send is a new one.
      attempt.current = null;
      notify.error(`${MESSAGES.requestSendFailedPrefix}${described.text}`);
    },
  });
  const quantities = form.watch('quantities');
  const lines = requestLines(quantities, Object.keys(labels));
  const total = totalQuantity(quantities);

  function changeQuantities(next: (all: Quantities) => Quantities) {
    // Other quantities are another request: a new key, and the old doubt is over.
    attempt.current = null;
    setUnanswered(null);
    form.clearErrors('root');
    form.setValue('quantities', next(form.getValues('quantities')));
  }

  async function check(sent: NewRequestItem[], at: number) {
    setUnanswered({ phase: 'checking' });
    try {
      const found = findSentRequest(await findPending(shopId, false).unwrap(), sent, at);
      if (found) {
        attempt.current = null;
        form.reset({ quantities: {} });
        setUnanswered({ phase: 'found', request: found });
      } else {
        setUnanswered({ phase: 'not-found' });
      }
    } catch {
      setUnanswered({ phase: 'check-failed' });
    }
  }

  // The dialog's Yes and the notice's Send again both send through the form's own submit.
  const send = () => formRef.current?.requestSubmit();

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
            {unanswered ? (
              <UnansweredNotice
                state={unanswered}
                busy={form.busy}
                onSendAgain={send}
                onCheckAgain={() => void check(lines, attempt.current?.at ?? Date.now())}
              />
            ) : null}
            <form ref={formRef} onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
              <ul className={styles.pickers} aria-label="Containers to request">
                {Object.entries(containerTypes).map(([key, label]) => (
                  <QuantityPicker
                    key={key}
                    label={label}
                    value={quantities[key] ?? 0}
                    onChange={(value) => changeQuantities((all) => ({ ...all, [key]: value }))}
                  />
                ))}
              </ul>
              {form.formError ? (
                <p className={styles.formError} role="alert">
                  {form.formError}
                </p>
              ) : total === 0 ? (
                <p className={styles.hint}>{MESSAGES.sendRequestHint}</p>
              ) : null}
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
                  disabled={total === 0 || unanswered?.phase === 'checking'}
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
                sending={form.busy}
                onConfirm={send}
                onClose={() => setConfirming(false)}
              />
            </form>
          </>
        )
      }
    </QueryView>
  );
}

function UnansweredNotice({
  state,
  busy,
  onSendAgain,
  onCheckAgain,
}: {
  state: Unanswered;
  busy: boolean;
  onSendAgain: () => void;
  onCheckAgain: () => void;
}) {
  const { followUp } = PAGE_MESSAGES;
  if (state.phase === 'found') {
    return (
      <div className={styles.notice} role="status">
        <p>{followUp.foundAfterAll}</p>
        <Link to={pendingRequestPath(state.request.id)}>{followUp.viewRequest}</Link>
      </div>
    );
  }
  const text =
    state.phase === 'checking'
      ? followUp.maybeSent
      : state.phase === 'not-found'
        ? followUp.notFoundSendAgain
        : followUp.checkFailed;
  return (
    <div className={`${styles.notice} ${styles.noticeWarn}`} role="status">
      <p>{text}</p>
      {state.phase === 'checking' ? null : (
        <div className={styles.noticeActions}>
          <button
            type="button"
            className={panelStyles.button}
            disabled={busy}
            onClick={onSendAgain}
          >
            {busy ? 'Sending…' : followUp.sendAgain}
          </button>
          <button
            type="button"
            className={`${panelStyles.button} ${panelStyles.buttonSecondary}`}
            disabled={busy}
            onClick={onCheckAgain}
          >
            {followUp.checkAgain}
          </button>
        </div>
      )}
    </div>
  );
}

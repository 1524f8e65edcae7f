import { useCallback, useRef, useState } from 'react';
import { type ApiError, describeError, MESSAGES, panelStyles } from '@panel/shared';
import { useGetShopSettingsQuery } from '@panel/shared/data';
import { PageHeader, Panel, COUNTER_MESSAGES, LOAN_DAYS_DEFAULT } from '@panel/shared/page-ui';

import { type LentLoan } from '../../../api/counter-types';
import { useGetCounterContainerTypesQuery } from '../../../api/get-container-types';
import { CodeEntry } from '../../../components/code-entry';
import styles from '../../../components/counter.module.css';
import { LiveRegion } from '../../../components/live-region';
import { SendQueuePanel } from '../../../components/send-queue-panel';
import { useFeedback } from '../../../hooks/use-feedback';
import { type QueueItem, useSendQueue } from '../../../hooks/use-send-queue';
import { useCheckCode } from '../api/check-code';
import { useCounterLendMutation } from '../api/lend-containers';
import { checkedRow, enteredRow, lendableCodes, type LendRow } from '../utils/lend-rows';
import { LendForm, type LendPayload } from './lend-form';
import { LendList } from './lend-list';
import { LoanReceipt } from './loan-receipt';

/**
 * /lend (issue 29): each code entered joins the list at once, checked by the
 * API (type, guarantee, or why it cannot be lent); the client and due date;
 * one lend call for the lendable codes, then the receipt. A lend that gets no
 * answer waits in the queue with its Idempotency-Key, and the form is free
 * for the next client.
 */
export function LendPage() {
  const types = useGetCounterContainerTypesQuery();
  const checkCode = useCheckCode();
  const [lend] = useCounterLendMutation();
  const { sound, setSound, tell, announcement } = useFeedback();

  // A ref beside the state: two scans in one tick both see each other (Scanned twice).
  const rowsRef = useRef<LendRow[]>([]);
  const [rows, setRowsState] = useState<LendRow[]>([]);
  const setRows = useCallback((next: (rows: LendRow[]) => LendRow[]) => {
    rowsRef.current = next(rowsRef.current);
    setRowsState(rowsRef.current);
  }, []);
  const nextId = useRef(1);
  // The form holds the client, contact and due date; a new one empties them.
  const [formKey, setFormKey] = useState(0);
  const settings = useGetShopSettingsQuery();
  const loanDays = settings.data?.loan_days ?? LOAN_DAYS_DEFAULT;
  const [receipt, setReceipt] = useState<LentLoan | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  // A ref beside the state: the form hands its loan over after a check, so an
  // answer can come back before React has drawn the new state.
  const sendingRef = useRef<string | null>(null);
  const [sendingId, setSendingState] = useState<string | null>(null);
  const setSendingId = (id: string | null) => {
    sendingRef.current = id;
    setSendingState(id);
  };

  const resetForm = useCallback(() => {
    setRows(() => []);
    setFormKey((key) => key + 1);
  }, [setRows]);

  const check = useCallback(
    async (row: LendRow) => {
      try {
        const answer = await checkCode(row.code);
        const checked = checkedRow(row, answer);
        setRows((all) => all.map((r) => (r.id === row.id ? checked : r)));
        if (checked.state === 'ok') {
          const label = types.data?.[answer.container_type ?? ''] ?? answer.container_type ?? '';
          tell(COUNTER_MESSAGES.announceAdded(row.code, label), 'success');
        } else {
          tell(COUNTER_MESSAGES.announceRefused(row.code, checked.reason ?? ''), 'error');
        }
      } catch (error) {
        const text = describeError(error as ApiError).text;
        const unanswered = text === MESSAGES.noInternet;
        setRows((all) =>
          all.map((r) =>
            r.id !== row.id
              ? r
              : unanswered
                ? { ...r, state: 'unchecked' }
                : {
                    ...r,
                    state: 'refused',
                    reason: `${COUNTER_MESSAGES.checkFailedPrefix}${text}`,
                  },
          ),
        );
        tell(COUNTER_MESSAGES.announceRefused(row.code, text), 'error');
      }
    },
    [checkCode, setRows, tell, types.data],
  );

  const addCode = useCallback(
    (code: string) => {
      setReceipt(null);
      setNotice(null);
      const row = enteredRow(rowsRef.current, nextId.current++, code);
      setRows((all) => [...all, row]);
      if (row.state === 'checking') void check(row);
      else tell(COUNTER_MESSAGES.announceRefused(code, row.reason ?? ''), 'error');
    },
    [check, setRows, tell],
  );

  const queue = useSendQueue<LendPayload, LentLoan>({
    send: (payload, key) => lend({ ...payload, idempotencyKey: key }).unwrap(),
    onSent: (item, loan) => {
      if (item.id === sendingRef.current || rowsRef.current.length === 0) {
        resetForm();
        setReceipt(loan);
        setNotice(null);
      }
      if (sendingRef.current === item.id) setSendingId(null);
      tell(COUNTER_MESSAGES.announceLent(loan.id), 'success');
    },
    onRefused: (item, error) => {
      const text = `${COUNTER_MESSAGES.lendFailedPrefix}${describeError(error).text}`;
      setNotice({ text: item.waiting ? `${item.label}: ${text}` : text, error: true });
      tell(text, 'error');
      if (item.id === sendingRef.current) {
        setSendingId(null);
        // The rows say again which code stood in the way (lent meanwhile, say).
        for (const row of rowsRef.current) {
          if (row.state === 'ok' || row.state === 'unchecked') void check(row);
        }
      }
    },
    onWaiting: (item: QueueItem<LendPayload>) => {
      if (item.id === sendingRef.current) {
        setSendingId(null);
        resetForm();
      }
      setNotice({ text: COUNTER_MESSAGES.lendQueued, error: false });
      tell(COUNTER_MESSAGES.announceQueued(item.label), 'error');
    },
  });

  const codes = lendableCodes(rows);
  const startLend = (payload: LendPayload) => {
    const item = queue.submit(payload, COUNTER_MESSAGES.queuedLend(codes.length, payload.client));
    setSendingId(item.id);
  };

  const typeLabels = types.data ?? {};
  return (
    <div className={panelStyles.page}>
      <PageHeader title={COUNTER_MESSAGES.lendTitle} subtitle={COUNTER_MESSAGES.lendSubtitle} />
      <LiveRegion {...announcement} />
      <SendQueuePanel items={queue.waiting} onDiscard={queue.discard} />
      {notice ? (
        <p className={notice.error ? styles.error : styles.notice} role="alert">
          {notice.text}
        </p>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.column}>
          <Panel title={COUNTER_MESSAGES.entryTitle}>
            <CodeEntry onCode={addCode} sound={sound} onSoundChange={setSound} />
          </Panel>
          {receipt ? (
            <LoanReceipt
              loan={receipt}
              types={typeLabels}
              onNewLoan={() => {
                setReceipt(null);
                resetForm();
              }}
            />
          ) : (
            <Panel title={COUNTER_MESSAGES.lendListTitle}>
              <LendList
                rows={rows}
                types={typeLabels}
                onRemove={(id) => setRows((all) => all.filter((row) => row.id !== id))}
              />
            </Panel>
          )}
        </div>
        {receipt ? null : (
          <Panel title={COUNTER_MESSAGES.loanTitle}>
            <LendForm
              key={formKey}
              codes={codes}
              loanDays={loanDays}
              sending={sendingId !== null}
              onLend={startLend}
            />
          </Panel>
        )}
      </div>
    </div>
  );
}

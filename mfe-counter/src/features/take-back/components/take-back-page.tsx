import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, describeError, panelStyles } from '@panel/shared';
import { PageHeader, Panel, COUNTER_MESSAGES, COUNTER } from '@panel/shared/page-ui';
import { useSearchParams } from 'react-router-dom';

import { type ReturnReply } from '../../../api/counter-types';
import { useGetCounterContainerTypesQuery } from '../../../api/get-container-types';
import { CodeEntry } from '../../../components/code-entry';
import styles from '../../../components/counter.module.css';
import { LiveRegion } from '../../../components/live-region';
import { SendQueuePanel } from '../../../components/send-queue-panel';
import { useFeedback } from '../../../hooks/use-feedback';
import { useSendQueue } from '../../../hooks/use-send-queue';
import { useCounterReturnMutation } from '../api/return-containers';
import { useCounterUndoReturnMutation } from '../api/undo-return';
import { isRepeat, returnRefusal, type TakeBackRow } from '../utils/take-back-rows';
import { TakeBackList } from './take-back-list';

interface ReturnPayload {
  code: string;
  rowId: number;
}

/** The take-back Undo offers to reverse, until COUNTER.undoWindowMs has passed. */
interface LastAction {
  codes: string[];
  rowIds: number[];
}

/**
 * /take-back (issue 29): every code entered is taken back at once, one call
 * per code with its own Idempotency-Key; its row tells whose loan it was, how
 * many days it was out and whether it came back late. The last take-back can
 * be undone for ten seconds. Calls that get no answer wait in the queue.
 */
export function TakeBackPage() {
  const types = useGetCounterContainerTypesQuery();
  const [returnCodes] = useCounterReturnMutation();
  const [undoReturn, { isLoading: undoing }] = useCounterUndoReturnMutation();
  const { sound, setSound, tell, announcement } = useFeedback();

  const rowsRef = useRef<TakeBackRow[]>([]);
  const [rows, setRowsState] = useState<TakeBackRow[]>([]);
  const setRows = useCallback((next: (rows: TakeBackRow[]) => TakeBackRow[]) => {
    rowsRef.current = next(rowsRef.current);
    setRowsState(rowsRef.current);
  }, []);
  const updateRow = useCallback(
    (id: number, change: Partial<TakeBackRow>) =>
      setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row))),
    [setRows],
  );
  const nextId = useRef(1);
  const [lastAction, setLastAction] = useState<LastAction | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);

  useEffect(() => {
    if (!lastAction) return;
    const timer = setTimeout(() => setLastAction(null), COUNTER.undoWindowMs);
    return () => clearTimeout(timer);
  }, [lastAction]);

  const queue = useSendQueue<ReturnPayload, ReturnReply>({
    send: ({ code }, key) => returnCodes({ codes: [code], idempotencyKey: key }).unwrap(),
    onSent: ({ payload }, reply) => {
      const item = reply.items.find((returned) => returned.code === payload.code);
      updateRow(payload.rowId, { state: 'returned', ...(item ? { item } : {}) });
      setLastAction({ codes: [payload.code], rowIds: [payload.rowId] });
      setUndoError(null);
      tell(COUNTER_MESSAGES.announceReturned(payload.code), 'success');
    },
    onRefused: ({ payload }, error) => {
      const reason = returnRefusal(error);
      updateRow(payload.rowId, { state: 'refused', reason });
      tell(COUNTER_MESSAGES.announceRefused(payload.code, reason), 'error');
    },
    onWaiting: ({ payload, label }) => {
      updateRow(payload.rowId, { state: 'waiting' });
      tell(COUNTER_MESSAGES.announceQueued(label), 'error');
    },
  });

  const addCode = useCallback(
    (code: string) => {
      const id = nextId.current++;
      if (isRepeat(rowsRef.current, code)) {
        const reason = COUNTER_MESSAGES.refusalTwice;
        setRows((all) => [...all, { id, code, state: 'refused', reason }]);
        tell(COUNTER_MESSAGES.announceRefused(code, reason), 'error');
        return;
      }
      setRows((all) => [...all, { id, code, state: 'returning' }]);
      queue.submit({ code, rowId: id }, COUNTER_MESSAGES.queuedReturn(code));
    },
    [queue, setRows, tell],
  );

  // "Mark returned" on /loan sends a loan's codes still out: one click takes them all back.
  const [params, setParams] = useSearchParams();
  const fromList = (params.get('codes') ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
    .slice(0, COUNTER.maxCodesPerLoan);
  const takeBackListed = () => {
    for (const code of fromList) addCode(code);
    setParams({}, { replace: true });
  };

  const discard = (queueId: string) => {
    const item = queue.waiting.find((waiting) => waiting.id === queueId);
    queue.discard(queueId);
    if (item) updateRow(item.payload.rowId, { state: 'discarded' });
  };

  const undo = async () => {
    if (!lastAction) return;
    try {
      await undoReturn(lastAction.codes).unwrap();
      for (const id of lastAction.rowIds) updateRow(id, { state: 'undone' });
      tell(COUNTER_MESSAGES.announceUndone(lastAction.codes.join(', ')), 'success');
      setLastAction(null);
    } catch (error) {
      const text = `${COUNTER_MESSAGES.undoFailedPrefix}${describeError(error as ApiError).text}`;
      setUndoError(text);
      tell(text, 'error');
    }
  };

  return (
    <div className={panelStyles.page}>
      <PageHeader
        title={COUNTER_MESSAGES.takeBackTitle}
        subtitle={COUNTER_MESSAGES.takeBackSubtitle}
      />
      <LiveRegion {...announcement} />
      <SendQueuePanel items={queue.waiting} onDiscard={discard} />
      <div className={`${styles.layout} ${styles.layoutListWide}`}>
        <div className={styles.column}>
          {fromList.length > 0 ? (
            <Panel title={COUNTER_MESSAGES.markReturnedTitle}>
              <p className={styles.hint}>{fromList.join(', ')}</p>
              <button type="button" className={panelStyles.button} onClick={takeBackListed}>
                {COUNTER_MESSAGES.markReturnedButton(fromList.length)}
              </button>
            </Panel>
          ) : null}
          <Panel title={COUNTER_MESSAGES.entryTitle}>
            <CodeEntry onCode={addCode} sound={sound} onSoundChange={setSound} />
          </Panel>
        </div>
        <Panel title={COUNTER_MESSAGES.takeBackListTitle}>
          <div className={styles.column}>
            {lastAction ? (
              <div className={styles.undoBar}>
                <span>{COUNTER_MESSAGES.announceReturned(lastAction.codes.join(', '))}</span>
                <button
                  type="button"
                  className={`${panelStyles.button} ${panelStyles.buttonSecondary} ${styles.small}`}
                  disabled={undoing}
                  onClick={() => void undo()}
                >
                  {COUNTER_MESSAGES.undo}
                </button>
              </div>
            ) : null}
            {undoError ? (
              <p className={styles.error} role="alert">
                {undoError}
              </p>
            ) : null}
            <TakeBackList rows={rows} types={types.data ?? {}} />
          </div>
        </Panel>
      </div>
    </div>
  );
}

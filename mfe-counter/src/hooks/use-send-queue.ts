import { useCallback, useEffect, useReducer, useRef } from 'react';
import { type ApiError, describeError, MESSAGES } from '@panel/shared';
import { COUNTER } from '@panel/shared/page-ui';
import { newIdempotencyKey } from '@panel/shared/data';

export interface QueueItem<P> {
  id: string;
  /** Sent with every try of this action, so the API acts on it once. */
  key: string;
  /** What the queue shows ("Take back C-0001"). */
  label: string;
  payload: P;
  /** It got no answer once and now waits, visibly, for the API. */
  waiting: boolean;
}

export interface SendQueueOptions<P, R> {
  send: (payload: P, key: string) => Promise<R>;
  onSent: (item: QueueItem<P>, result: R) => void;
  /** The API answered with a refusal (409, 404, 400…): the action is dropped. */
  onRefused: (item: QueueItem<P>, error: ApiError) => void;
  /** No answer: the action now waits in the queue. */
  onWaiting?: (item: QueueItem<P>) => void;
}

/** No answer, the time-out or the proxy's 502/503/504: describeError's one rule of "unreachable". */
const unreachable = (error: unknown) =>
  describeError(error as ApiError).text === MESSAGES.noInternet;

/**
 * Sends the counter's actions (lends, take-backs) one at a time, in the order
 * they were made. An action that gets no answer stays first in line with its
 * Idempotency-Key, and everything after it waits too (a take-back must not
 * overtake the lend it undoes); the line is tried again every
 * COUNTER.queueRetryMs and when the browser comes back online. A retry that
 * reaches an API which had in fact acted replays the first answer, so
 * nothing is lent or taken back twice.
 */
export function useSendQueue<P, R>(options: SendQueueOptions<P, R>) {
  const items = useRef<QueueItem<P>[]>([]);
  const sending = useRef(false);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      while (items.current.length > 0) {
        const item = items.current[0] as QueueItem<P>;
        try {
          const result = await latest.current.send(item.payload, item.key);
          items.current = items.current.filter((queued) => queued !== item);
          latest.current.onSent(item, result);
        } catch (error) {
          if (!unreachable(error)) {
            items.current = items.current.filter((queued) => queued !== item);
            latest.current.onRefused(item, error as ApiError);
            continue;
          }
          const newlyWaiting = items.current.filter((queued) => !queued.waiting);
          items.current = items.current.map((queued) => ({ ...queued, waiting: true }));
          for (const queued of newlyWaiting)
            latest.current.onWaiting?.({ ...queued, waiting: true });
          break;
        } finally {
          rerender();
        }
      }
    } finally {
      sending.current = false;
    }
  }, []);

  /** Makes one action: sent now, or after those still waiting. */
  const submit = useCallback(
    (payload: P, label: string): QueueItem<P> => {
      const key = newIdempotencyKey();
      const item: QueueItem<P> = { id: key, key, label, payload, waiting: false };
      items.current = [...items.current, item];
      rerender();
      void flush();
      return item;
    },
    [flush],
  );

  /** The user gives up an action that waits; a try already under way still ends as it ends. */
  const discard = useCallback((id: string) => {
    items.current = items.current.filter((queued) => queued.id !== id);
    rerender();
  }, []);

  const waiting = items.current.filter((item) => item.waiting);
  const hasWaiting = waiting.length > 0;

  useEffect(() => {
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const timer = hasWaiting ? setInterval(retry, COUNTER.queueRetryMs) : undefined;
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [flush, hasWaiting]);

  return { submit, discard, waiting };
}

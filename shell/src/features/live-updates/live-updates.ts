import { API_PREFIX, getApiBaseUrl, getSession } from '@panel/shared';
import { allTags, api, readFreshFor, tagsStaleAfter, type AppDispatch } from '@panel/shared/data';

/**
 * After a refused or failed connection (the API restarting behind the
 * shell's proxy), the next try waits this long, then 5 s between tries: a
 * panel catches up within seconds of the API's return, at one small request
 * every 5 s meanwhile.
 */
const RETRY_MS = [1_000, 2_000, 5_000];
/** After an event, how long the panel's calls ask for data as of now: the re-reads it starts go out at once. */
const FRESH_AFTER_EVENT_MS = 1_000;

/**
 * Keeps the panel's event stream (GET /api/v0/events, issue 33) open while
 * it lives, and re-reads through the API slice whatever an event makes stale,
 * so a change made in another browser shows within a second or two. The
 * `eventsource` client is used because the browser's own EventSource cannot
 * send the Authorization header; it is fetched with the first stream, never
 * by the login page (a `lazy-` chunk is never preloaded). It reconnects by itself after a dropped stream, sending
 * the last id seen, and the API replays what was missed. A refused stream
 * (the API down behind the shell's proxy, or a token it no longer accepts)
 * ends that client: a new one is opened after a pause, from the same last id.
 * Answers the function that closes it for good.
 */
export function openLiveUpdates(dispatch: AppDispatch): () => void {
  let closed = false;
  let source: { close(): void } | null = null;
  let lastId: string | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = async () => {
    const { EventSource } = await import(/* webpackChunkName: "lazy-live-updates" */ 'eventsource');
    if (closed) return;
    const next = new EventSource(`${getApiBaseUrl()}${API_PREFIX}/events`, {
      fetch: (url, init) => {
        const headers: Record<string, string> = { ...init.headers };
        const token = getSession().token;
        if (token) headers.Authorization = `JWT ${token}`;
        if (lastId !== null && !('Last-Event-ID' in headers)) headers['Last-Event-ID'] = lastId;
        return fetch(url, { ...init, headers });
      },
    });
    source = next;
    next.addEventListener('ready', (message) => {
      failures = 0;
      lastId = message.lastEventId || lastId;
    });
    next.addEventListener('change', (message) => {
      lastId = message.lastEventId || lastId;
      const { action } = JSON.parse(message.data as string) as { action: string };
      readFreshFor(FRESH_AFTER_EVENT_MS);
      dispatch(api.util.invalidateTags(tagsStaleAfter(action)));
    });
    next.addEventListener('resync', () => {
      readFreshFor(FRESH_AFTER_EVENT_MS);
      dispatch(api.util.invalidateTags(allTags()));
    });
    next.addEventListener('error', () => {
      if (next.readyState !== next.CLOSED || closed) return;
      const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
      failures += 1;
      retry = setTimeout(() => void open(), wait);
    });
  };
  void open().catch(() => {
    // The chunk did not load (offline): the panel still works, without live updates.
  });

  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

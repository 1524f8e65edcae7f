import { setTimeout as sleep } from 'node:timers/promises';

import type { LiveEvent } from '../../schemas/live-events';
import { BATCH_MS, changeFrame, LiveHub, type LiveViewer } from '../live-hub';

/*
 * The hub's fan-out (issue 33): a lone event goes at once; events that come
 * within BATCH_MS of a fan-out wait and reach each stream in one write, in
 * order, each viewer seeing only what it may.
 */
function event(id: number, shop: number | null): LiveEvent {
  return { id, action: 'loan.lend', kind: 'loan', target: id, shop };
}

function listen(hub: LiveHub, viewer: LiveViewer) {
  const writes: Array<{ ids: number[]; frames: string }> = [];
  hub.subscribe({
    viewer,
    deliver: (events, frames) => writes.push({ ids: events.map((e) => e.id), frames }),
    resync: () => {},
    close: () => {},
  });
  return writes;
}

it('sends a lone event at once, and gathers the next ones into one write per stream', async () => {
  const hub = new LiveHub();
  const admin = listen(hub, { shopId: null });
  const shop = listen(hub, { shopId: 7 });
  hub.publish(event(1, 7));
  expect(admin).toEqual([{ ids: [1], frames: changeFrame(event(1, 7)) }]);
  expect(shop).toEqual([{ ids: [1], frames: changeFrame(event(1, 7)) }]);

  hub.publish(event(2, 8));
  hub.publish(event(3, 7));
  hub.publish(event(4, null));
  expect(admin).toHaveLength(1);
  await sleep(BATCH_MS + 50);
  expect(admin.map((w) => w.ids)).toEqual([[1], [2, 3, 4]]);
  expect(admin[1]?.frames).toBe(
    [2, 3, 4].map((id) => changeFrame(event(id, id === 2 ? 8 : id === 3 ? 7 : null))).join(''),
  );
  // Shop 7 sees its own event only, and is not written to for the others.
  expect(shop.map((w) => w.ids)).toEqual([[1], [3]]);
  expect(hub.lastId).toBe(4);

  // Quiet for longer than a batch: the next event goes at once again.
  await sleep(BATCH_MS + 50);
  hub.publish(event(5, 7));
  expect(admin.map((w) => w.ids)).toEqual([[1], [2, 3, 4], [5]]);
  hub.closeAll();
});

it('drops a waiting batch when the streams close', async () => {
  const hub = new LiveHub();
  const admin = listen(hub, { shopId: null });
  hub.publish(event(1, null));
  hub.publish(event(2, null));
  hub.closeAll();
  await sleep(BATCH_MS + 50);
  expect(admin.map((w) => w.ids)).toEqual([[1]]);
});

it('keeps no event while no stream is open, but still counts it as passed on', async () => {
  const hub = new LiveHub();
  hub.publish(event(1, 7));
  hub.publish(event(2, 7));
  expect(hub.lastId).toBe(2);
  // A stream that opens now gets the events from here on, not the earlier ones.
  const shop = listen(hub, { shopId: 7 });
  hub.publish(event(3, 7));
  await sleep(BATCH_MS + 50);
  expect(shop.map((w) => w.ids)).toEqual([[3]]);
  hub.closeAll();
});

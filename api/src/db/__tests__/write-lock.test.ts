import { settlesWithin } from '../../../test/settles-within';
import { WriteLock } from '../write-lock';

// Two users of one lock, as the API's thread and the counter's thread are:
// two WriteLocks on one buffer. A promise that never settles stands for a
// thread that ended without handing the lock on.
const pair = () => {
  const api = new WriteLock();
  return { api, counter: new WriteLock(api.buffer) };
};

it('takes turns, first come first served', async () => {
  const { api, counter } = pair();
  const order: string[] = [];
  await api.acquire();
  const counterTurn = counter.acquireNoted().then(() => order.push('counter'));
  const apiTurn = api.acquire().then(() => order.push('api'));
  api.release();
  await counterTurn;
  expect(await settlesWithin(apiTurn, 50)).toBe(false);
  counter.releaseNoted();
  await apiTurn;
  expect(order).toEqual(['counter', 'api']);
  api.release();
});

it('hands on the turn of a noted user that ended while it held the lock', async () => {
  const { api, counter } = pair();
  await counter.acquireNoted(); // and never releases: its thread is gone
  const next = api.acquire();
  expect(await settlesWithin(next, 50)).toBe(false);
  await api.releaseAbandoned();
  expect(await settlesWithin(next, 1000)).toBe(true);
  api.release();
});

it('hands on the turn of a noted user that ended while it waited for the lock', async () => {
  const { api, counter } = pair();
  await api.acquire();
  void counter.acquireNoted(); // waits behind the API, then is gone
  const later = api.acquire();
  const handedOn = api.releaseAbandoned();
  api.release();
  await handedOn;
  expect(await settlesWithin(later, 1000)).toBe(true);
  api.release();
});

it('does nothing when the noted user holds no ticket', async () => {
  const { api, counter } = pair();
  await counter.acquireNoted();
  counter.releaseNoted();
  await api.releaseAbandoned();
  await api.acquire();
  const second = api.acquire();
  // Had it released a turn nobody held, the second acquire would hold the lock too.
  expect(await settlesWithin(second, 50)).toBe(false);
  api.release();
  await second;
  api.release();
});

import type { LiveEvent } from '../../schemas/live-events';
import type { Pool } from 'pg';

import { Announcer, payloadsOf } from '../audit-announcer';

/* NOTIFY refuses payloads of 8,000 bytes or more: many entries of one commit go in several. */
it('splits many events into JSON arrays under 7,000 bytes, all of them once, in order', () => {
  const events: LiveEvent[] = Array.from({ length: 500 }, (_, i) => ({
    id: i + 1,
    action: 'loan.lend',
    kind: 'loan',
    target: 100_000 + i,
    shop: 7,
  }));
  const payloads = payloadsOf(events);
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(7_000);
  expect(payloads.flatMap((p) => JSON.parse(p) as LiveEvent[])).toEqual(events);
  expect(payloadsOf(events.slice(0, 1))).toEqual([JSON.stringify(events.slice(0, 1))]);
  expect(payloadsOf([])).toEqual([]);
});

/* The pool is the edge here: a stand-in whose NOTIFYs return when the test says. */
describe('Announcer', () => {
  const event = (id: number): LiveEvent => ({
    id,
    action: 'loan.lend',
    kind: 'loan',
    target: id,
    shop: 7,
  });
  function pool() {
    const sent: LiveEvent[][] = [];
    const returns: Array<(error?: Error) => void> = [];
    const query = (_sql: string, [, payloads]: [string, string[]]) => {
      sent.push(payloads.flatMap((p) => JSON.parse(p) as LiveEvent[]));
      return new Promise<void>((resolve, reject) =>
        returns.push((error) => (error ? reject(error) : resolve())),
      );
    };
    return { sent, returns, pool: { query } as unknown as Pool };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('sends what commits while a NOTIFY is on its way in the next one, nothing lost', async () => {
    const { sent, returns, pool: p } = pool();
    const announcer = new Announcer(p);
    announcer.add([event(1)]);
    announcer.add([event(2)]);
    announcer.add([event(3), event(4)]);
    await turn();
    expect(sent).toEqual([[event(1)]]);
    returns.shift()?.();
    await turn();
    expect(sent).toEqual([[event(1)], [event(2), event(3), event(4)]]);
    returns.shift()?.();
    await announcer.settled();
    announcer.add([event(5)]);
    await turn();
    expect(sent).toHaveLength(3);
    returns.shift()?.();
    await announcer.settled();
    expect(sent.flat()).toEqual([1, 2, 3, 4, 5].map(event));
  });

  it('goes on after a NOTIFY fails (a missed event, never a failed call)', async () => {
    const { sent, returns, pool: p } = pool();
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const announcer = new Announcer(p);
    announcer.add([event(1)]);
    announcer.add([event(2)]);
    await turn();
    returns.shift()?.(new Error('connection lost'));
    await turn();
    expect(warnings).toHaveBeenCalledWith('Live events not announced: connection lost');
    returns.shift()?.();
    await announcer.settled();
    expect(sent).toEqual([[event(1)], [event(2)]]);
    warnings.mockRestore();
  });
});

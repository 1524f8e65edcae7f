import type { LiveEvent } from '../../schemas/live-events';
import { payloadsOf } from '../audit-announcer';

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

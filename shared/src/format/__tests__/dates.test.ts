import { dayOf, formatDate, formatDateTime, monthDay } from '../dates';

// Midday, so the day is the same in every time zone a test machine may have.
const NOV_25_2026 = '2026-11-25T12:00:00.000Z';
const NOW = new Date('2026-06-01T12:00:00.000Z');

describe('the date helpers', () => {
  it("cut a timestamp to the spec's first 10 characters", () => {
    expect(dayOf(NOV_25_2026)).toBe('2026-11-25');
    expect(dayOf('2026-11-25')).toBe('2026-11-25');
  });

  it('give month and day for this year, and add the year for any other', () => {
    expect(monthDay(NOV_25_2026, NOW)).toBe('Nov 25');
    expect(monthDay('2025-11-25T12:00:00.000Z', NOW)).toBe('Nov 25, 2025');
    expect(monthDay('2027-01-02T12:00:00.000Z', NOW)).toBe('Jan 2, 2027');
    expect(monthDay('not a date', NOW)).toBe('not a date');
  });

  it('read a bare YYYY-MM-DD as that calendar day, and say a missing day plainly', () => {
    expect(formatDate('2026-03-05')).toBe('05 Mar 2026');
    expect(formatDate(NOV_25_2026)).toBe('25 Nov 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });

  it('give a day and a time', () => {
    expect(formatDateTime(NOV_25_2026)).toMatch(/^25 Nov 2026, \d{2}:\d{2}$/);
  });
});

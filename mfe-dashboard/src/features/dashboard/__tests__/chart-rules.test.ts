import { COUNT_UP_STEPS } from '@panel/shared';

import { countUpValue } from '../utils/count-up';
import { weekdayLabels, weeklyCounts } from '../utils/weekday-labels';
import { weeklyAxisMax } from '../utils/weekly-axis';

describe('weeklyAxisMax', () => {
  it('is 10 when every day had no loans', () => {
    expect(weeklyAxisMax([0, 0, 0, 0, 0, 0, 0])).toBe(10);
  });

  it('is 10 for an empty week', () => {
    expect(weeklyAxisMax([])).toBe(10);
  });

  it('rounds the highest count up to a multiple of 10', () => {
    expect(weeklyAxisMax([1, 0, 3])).toBe(10);
    expect(weeklyAxisMax([0, 11, 4])).toBe(20);
    expect(weeklyAxisMax([57, 2])).toBe(60);
    expect(weeklyAxisMax([123])).toBe(130);
  });

  it('keeps a count that already is a multiple of 10', () => {
    expect(weeklyAxisMax([10, 3])).toBe(10);
    expect(weeklyAxisMax([40])).toBe(40);
  });
});

describe('weekdayLabels', () => {
  it('starts the day after today and ends with today', () => {
    // 2025-06-04 is a Wednesday.
    expect(weekdayLabels(new Date('2025-06-04T12:00:00Z'), 'UTC')).toEqual([
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
    ]);
  });

  it('wraps around the week on a Saturday', () => {
    const labels = weekdayLabels(new Date('2025-06-07T12:00:00Z'), 'UTC');
    expect(labels[0]).toBe('Sunday');
    expect(labels[6]).toBe('Saturday');
  });

  it("ends with today in the panel's time zone, not the machine's", () => {
    // 02:00 UTC on Wednesday is still Tuesday evening in Los Angeles and
    // Wednesday morning in Tokyo; 20:00 UTC is Thursday in Tokyo.
    const early = new Date('2025-06-04T02:00:00Z');
    expect(weekdayLabels(early, 'America/Los_Angeles')[6]).toBe('Tuesday');
    expect(weekdayLabels(early, 'Asia/Tokyo')[6]).toBe('Wednesday');
    expect(weekdayLabels(new Date('2025-06-04T20:00:00Z'), 'Asia/Tokyo')[6]).toBe('Thursday');
  });

  it('puts each count under its day and treats a missing day as 0', () => {
    const labels = weekdayLabels(new Date('2025-06-04T12:00:00Z'), 'UTC');
    expect(weeklyCounts(labels, { Thursday: 2, Wednesday: 9 })).toEqual([2, 0, 0, 0, 0, 0, 9]);
    expect(weeklyCounts(labels, undefined)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('countUpValue', () => {
  it('starts at 0 and ends exactly on the target', () => {
    expect(countUpValue(1234, 0)).toBe(0);
    expect(countUpValue(1234, COUNT_UP_STEPS)).toBe(1234);
    expect(countUpValue(7, COUNT_UP_STEPS + 5)).toBe(7);
  });

  it('climbs evenly in between', () => {
    expect(countUpValue(200, 100)).toBe(100);
    expect(countUpValue(3, 1)).toBe(0);
  });
});

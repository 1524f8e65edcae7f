import { guaranteeTotal, loanIcon, returnIcon } from '../utils/deadline-icon';

const NOW = new Date(2025, 5, 10, 15, 0);

describe('loanIcon', () => {
  it('flags a loan without a deadline', () => {
    expect(loanIcon(null, NOW)).toBe('no-deadline');
    expect(loanIcon(undefined, NOW)).toBe('no-deadline');
    expect(loanIcon('', NOW)).toBe('no-deadline');
  });

  it('flags a loan whose deadline day has passed', () => {
    expect(loanIcon('2025-06-09', NOW)).toBe('overdue');
    expect(loanIcon('2024-12-31', NOW)).toBe('overdue');
  });

  it('shows nothing while the deadline day is today or later', () => {
    expect(loanIcon('2025-06-10', NOW)).toBeNull();
    expect(loanIcon('2025-07-01', NOW)).toBeNull();
  });

  it('compares a full timestamp to the minute', () => {
    expect(loanIcon(new Date(2025, 5, 10, 14, 59).toISOString(), NOW)).toBe('overdue');
    expect(loanIcon(new Date(2025, 5, 10, 15, 1).toISOString(), NOW)).toBeNull();
  });

  it('treats an unreadable deadline like a missing one', () => {
    expect(loanIcon('soon', NOW)).toBe('no-deadline');
  });
});

describe('returnIcon', () => {
  it('is always shown', () => {
    expect(returnIcon()).toBe('returned');
  });
});

describe('guaranteeTotal', () => {
  it('adds up the guarantee of every container', () => {
    expect(
      guaranteeTotal({
        containers: [
          {
            code: 'a',
            container_type: 'cup',
            guarantee_amount: 2.5,
            returned_at: null,
            lost_at: null,
          },
          {
            code: 'b',
            container_type: 'bowl',
            guarantee_amount: 4,
            returned_at: null,
            lost_at: null,
          },
        ],
      }),
    ).toBe(6.5);
    expect(guaranteeTotal({ containers: [] })).toBe(0);
  });
});

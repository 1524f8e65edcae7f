import { canChangeStatus } from '../endpoints/use-shop-status-change';

describe('the status rules (spec section 4)', () => {
  it('allows a change only to the other status while nothing is in flight', () => {
    expect(canChangeStatus('inactive', 'active', false)).toBe(true);
    expect(canChangeStatus('active', 'inactive', false)).toBe(true);
  });

  it('refuses a change to the status the shop already has', () => {
    expect(canChangeStatus('active', 'active', false)).toBe(false);
    expect(canChangeStatus('inactive', 'inactive', false)).toBe(false);
  });

  it('refuses any change while a change or its reload is in flight', () => {
    expect(canChangeStatus('inactive', 'active', true)).toBe(false);
    expect(canChangeStatus('active', 'inactive', true)).toBe(false);
  });
});

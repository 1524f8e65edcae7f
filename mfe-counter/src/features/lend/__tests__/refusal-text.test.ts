import { COUNTER_MESSAGES } from '@panel/shared/page-ui';
import type { CodeCheck } from '@panel/shared/contract';

import { checkedRow, refusalText } from '../utils/lend-rows';

const check = (refusal: CodeCheck['refusal']): CodeCheck => ({
  code: 'C-1',
  container_type: 'cup',
  guarantee_amount: 2,
  refusal,
  loan: null,
});

describe('refusalText', () => {
  it('words a code written off as lost, which the API refuses as `lost`', () => {
    expect(refusalText(check('lost'))).toBe(COUNTER_MESSAGES.refusalLost);
    const row = checkedRow(
      { id: 1, code: 'C-1', state: 'checking', containerType: null, guarantee: null },
      check('lost'),
    );
    expect(row).toMatchObject({ state: 'refused', reason: COUNTER_MESSAGES.refusalLost });
  });

  it('is null for a code that can be lent', () => {
    expect(refusalText(check(null))).toBeNull();
  });
});

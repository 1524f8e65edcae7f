import { Type, type Static } from 'typebox';

import { LoanDays, StockMinimums } from '@panel/shared/contract';

// The body the profile's settings forms send, its ranges and their
// sentences: one definition, in the contract.
export {
  LOAN_DAYS_MESSAGE,
  LOAN_DAYS_RANGE,
  STOCK_MINIMUM_MESSAGE,
  STOCK_MINIMUM_RANGE,
  ShopSettingsBody,
} from '@panel/shared/contract';

/** What a shop sets for its own counter and stock (GET /shops/settings). */
export const ShopSettingsSchema = Type.Object({
  loan_days: LoanDays,
  stock_minimums: StockMinimums,
});
export type ShopSettings = Static<typeof ShopSettingsSchema>;

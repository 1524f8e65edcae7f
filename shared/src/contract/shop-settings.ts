import { Type } from 'typebox';

// The ranges are checked by the API's route (and the profile forms) with the
// sentences below, so a refusal reads as a sentence, not as a schema path.
export const LoanDays = Type.Integer({
  description: 'Days ahead the lend form proposes as the due date, 1 to 365',
});
export const StockMinimums = Type.Record(Type.String(), Type.Integer(), {
  description:
    'Minimum free stock per container type key, 0 to 9999; the dashboard warns below it. A type left out (or 0) has none.',
});

/** PUT /shops/settings: what is sent is changed; stock_minimums replaces the whole set. */
export const ShopSettingsBody = Type.Object(
  { loan_days: Type.Optional(LoanDays), stock_minimums: Type.Optional(StockMinimums) },
  { additionalProperties: false },
);

export const LOAN_DAYS_RANGE = { min: 1, max: 365 } as const;
export const STOCK_MINIMUM_RANGE = { min: 0, max: 9999 } as const;

/** The refusal of a loan period out of range, by the API and the profile form. */
export const LOAN_DAYS_MESSAGE = 'The loan period is a whole number of days from 1 to 365.';
/** The refusal of a minimum out of range, by the API and the profile form. */
export const STOCK_MINIMUM_MESSAGE = 'A minimum stock is a whole number from 0 to 9999.';

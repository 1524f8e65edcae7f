import { Type, type Static } from 'typebox';

/** What a shop sets for its own counter (GET/PUT /shops/settings). */
export const ShopSettingsSchema = Type.Object({
  // The range is checked by the route, so a refusal reads as a sentence.
  loan_days: Type.Integer({
    description: 'Days ahead the lend form proposes as the due date, 1 to 365',
  }),
});
export type ShopSettings = Static<typeof ShopSettingsSchema>;

export const LOAN_DAYS_RANGE = { min: 1, max: 365 } as const;

/** The refusal of a loan period out of range, as the profile form shows it. */
export const LOAN_DAYS_MESSAGE = 'The loan period is a whole number of days from 1 to 365.';

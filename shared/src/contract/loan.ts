import { Type, type Static } from 'typebox';

import { Nullable, ShopRef } from './common';

/** The most containers one lend or return call takes (the counter's list). */
export const MAX_CODES_PER_CALL = 200;

/**
 * Container codes in a lend or return call: distinct codes. The schema bounds
 * the body; the route refuses more than MAX_CODES_PER_CALL with a sentence.
 */
export const CodesSchema = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: 1000,
  uniqueItems: true,
});

export const LendBody = Type.Object({
  codes: CodesSchema,
  client: Type.String({ minLength: 1, maxLength: 200 }),
  due_date: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  /** The client's contact, both optional (the e-mail is where reminders go). */
  client_phone: Type.Optional(Nullable(Type.String({ maxLength: 31 }))),
  client_email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
});

export const LostBody = Type.Object({
  codes: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: 200,
    uniqueItems: true,
  }),
  reason: Type.String({ minLength: 1, maxLength: 200 }),
});

export const LoanContainerSchema = Type.Object({
  code: Type.String(),
  container_type: Type.String(),
  guarantee_amount: Type.Number(),
  /** Back at a shop (null while out). */
  returned_at: Nullable(Type.String()),
  /** Written off as lost (null unless). */
  lost_at: Nullable(Type.String()),
});
export type LoanContainer = Static<typeof LoanContainerSchema>;

export const LoanSchema = Type.Object({
  id: Type.Integer(),
  given_date: Type.String(),
  due_date: Nullable(Type.String()),
  returned_date: Nullable(Type.String()),
  client: Type.String(),
  shop: ShopRef,
  containers: Type.Array(LoanContainerSchema),
  client_phone: Nullable(Type.String()),
  client_email: Nullable(Type.String()),
  /** The guarantee of its containers not back yet, in the panel's currency. */
  held_amount: Type.Number(),
  /** Reminders e-mailed to the client, and when the last one went. */
  reminders: Type.Integer(),
  last_reminded_at: Nullable(Type.String()),
});
export type Loan = Static<typeof LoanSchema>;

export const LoanSummarySchema = Type.Object({
  open: Type.Integer(),
  overdue: Type.Integer(),
  due_soon: Type.Integer(),
  no_due_date: Type.Integer(),
  ageing: Type.Object({
    '1-7': Type.Integer(),
    '8-14': Type.Integer(),
    '15-30': Type.Integer(),
    '31+': Type.Integer(),
  }),
  held_open: Type.Number(),
  held_overdue: Type.Number(),
  /** Containers of the shop written off as lost, ever. */
  lost: Type.Integer(),
});
export type LoanSummary = Static<typeof LoanSummarySchema>;

const RateWindowSchema = Type.Object({
  fell_due: Type.Integer(),
  on_time: Type.Integer(),
  rate: Nullable(Type.Number()),
});

export const ReturnRateSchema = Type.Object({
  weeks: Type.Array(
    Type.Object({
      start: Type.String(),
      end: Type.String(),
      fell_due: Type.Integer(),
      on_time: Type.Integer(),
      rate: Nullable(Type.Number()),
    }),
  ),
  last_4_weeks: RateWindowSchema,
  last_12_weeks: RateWindowSchema,
});
export type ReturnRate = Static<typeof ReturnRateSchema>;

/** A loan as the counter shows it beside a code: whose, since when, due when. */
export const CounterLoanSchema = Type.Object({
  id: Type.Integer(),
  /** The client's name; null when the loan is another shop's (never shown to this one). */
  client: Nullable(Type.String()),
  given_date: Type.String(),
  due_date: Nullable(Type.String()),
  /** The lending shop; null when it is another shop (whose name is never shown to this one). */
  shop: Nullable(ShopRef),
  /** Whole days since it was given, by the server's clock. */
  days_out: Type.Integer(),
  /** Past its due date (a loan without one is never late). */
  late: Type.Boolean(),
});
export type CounterLoan = Static<typeof CounterLoanSchema>;

/** One returned container: the loan it came back from. */
export const ReturnedItemSchema = Type.Object({
  code: Type.String(),
  container_type: Type.String(),
  loan: CounterLoanSchema,
  /** The loan was another shop's: the container now joins this shop's stock. */
  from_other_shop: Type.Boolean(),
  /** Its loan is now fully returned. */
  loan_completed: Type.Boolean(),
});
export type ReturnedItem = Static<typeof ReturnedItemSchema>;

export const ReturnReply = Type.Object({
  returned: Type.Array(Type.String()),
  completed_loans: Type.Array(Type.Integer()),
  items: Type.Array(ReturnedItemSchema),
});
export type ReturnReply = Static<typeof ReturnReply>;

/** Why the counter cannot take a code: the panel words each one. */
export const CODE_REFUSALS = [
  'unknown',
  'not_in_stock',
  'on_loan',
  'other_shop',
  'not_on_loan',
  'lost',
] as const;

export type CodeRefusal = (typeof CODE_REFUSALS)[number];

export const CodeCheckSchema = Type.Object({
  code: Type.String(),
  /** Null for an unknown code. */
  container_type: Nullable(Type.String()),
  guarantee_amount: Nullable(Type.Number()),
  /** Null when the code can be lent (or taken back) now. */
  refusal: Type.Unsafe<(typeof CODE_REFUSALS)[number] | null>({
    type: ['string', 'null'],
    enum: [...CODE_REFUSALS, null],
  }),
  /** The loan it is out on, if any. */
  loan: Nullable(CounterLoanSchema),
});
export type CodeCheck = Static<typeof CodeCheckSchema>;

export const UndoReturnReply = Type.Object({ restored: Type.Array(Type.String()) });
export type UndoReturnReply = Static<typeof UndoReturnReply>;

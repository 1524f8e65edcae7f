import { Type, type Static } from 'typebox';

import { Nullable, ShopRef } from './common';

export const LoanContainerSchema = Type.Object({
  code: Type.String(),
  container_type: Type.String(),
  guarantee_amount: Type.Number(),
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
});
export type Loan = Static<typeof LoanSchema>;

/** Container codes in a lend or return call: 1 to 100 distinct codes. */
export const CodesSchema = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
});

export const LendBody = Type.Object({
  codes: CodesSchema,
  client: Type.String({ minLength: 1, maxLength: 200 }),
  due_date: Type.Optional(Nullable(Type.String({ format: 'date' }))),
});

export const ReturnBody = Type.Object({ codes: CodesSchema });

export const ReturnReply = Type.Object({
  returned: Type.Array(Type.String()),
  completed_loans: Type.Array(Type.Integer()),
});
export type ReturnReply = Static<typeof ReturnReply>;

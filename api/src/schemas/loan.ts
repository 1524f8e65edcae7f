import { Type } from 'typebox';

import { CodesSchema } from '@panel/shared/contract';

import { StringEnum } from './common';

// The loan and the counter's answers as the panel reads them, and the bodies
// the counter's forms send: one definition, in the contract.
export {
  CODE_REFUSALS,
  CodeCheckSchema,
  CodesSchema,
  CounterLoanSchema,
  LendBody,
  LoanContainerSchema,
  LoanSchema,
  LoanSummarySchema,
  LostBody,
  MAX_CODES_PER_CALL,
  ReturnRateSchema,
  ReturnReply,
  ReturnedItemSchema,
  UndoReturnReply,
  type CodeCheck,
  type CounterLoan,
  type Loan,
  type LoanContainer,
  type ReturnedItem,
} from '@panel/shared/contract';

/** The shop's open loans as a work-list (GET /pack/containers/loans with any of these). */
export const LoanListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000000, default: 0 })),
    filter: Type.Optional(
      StringEnum(['all', 'overdue', 'due_soon', 'no_due_date'] as const, {
        description: 'overdue: due before today; due_soon: today to 3 days ahead',
      }),
    ),
    search: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Part of the client, a container code or the loan id',
      }),
    ),
    sort: Type.Optional(StringEnum(['given', 'due', 'client'] as const)),
    order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
  },
  { additionalProperties: false },
);

export const ReturnBody = Type.Object({ codes: CodesSchema });

export const CodeCheckQuery = Type.Object({
  for: StringEnum(['lend', 'return'] as const, {
    description: 'What the counter is about to do with the code',
  }),
});

export const ClientsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export const ClientsReply = Type.Object({ clients: Type.Array(Type.String()) });

import { Type, type Static } from 'typebox';

import { Nullable, ShopRef, StringEnum } from './common';

export const CreateRequestBody = Type.Object({
  containers: Type.Array(
    Type.Object({
      container_type: Type.String({ minLength: 1, maxLength: 64 }),
      count: Type.Integer({ minimum: 1, maximum: 99 }),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});

export const EXPLANATION_MAX_LENGTH = 500;

export const DecisionBody = Type.Object({
  // enum rather than type: boolean, so null or "yes" is rejected instead of coerced.
  approved: Type.Unsafe<boolean>({ enum: [true, false] }),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  explanation: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: EXPLANATION_MAX_LENGTH,
      description:
        "Why it is denied, shown to the shop (the panel requires one; the spec's call has none)",
    }),
  ),
  quantities: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 99 }), {
      minItems: 1,
      maxItems: 50,
      description:
        'Approval only: how many to approve per line, in the order of `items`, each at most what was asked (default: all of it)',
    }),
  ),
});

export const RequestStatusSchema = StringEnum(['PENDING', 'APPROVED', 'DENIED', 'CANCELLED']);
export type RequestStatus = Static<typeof RequestStatusSchema>;

export const RequestItemSchema = Type.Object({
  quantity: Type.Integer({ description: 'How many the shop asked for' }),
  container_type: Type.String(),
  approved: Nullable(
    Type.Integer({
      description:
        'How many the provider approved (fewer than asked on a partial approval); null while pending or cancelled, 0 when denied',
    }),
  ),
});
export type RequestItem = Static<typeof RequestItemSchema>;

export const ContainerRequestSchema = Type.Object({
  id: Type.Integer(),
  status: RequestStatusSchema,
  request_date: Type.String(),
  shop: ShopRef,
  items: Type.Array(RequestItemSchema),
  decided_at: Nullable(Type.String({ description: 'When it was approved, denied or cancelled' })),
  explanation: Nullable(Type.String({ description: 'Why it was denied, for the shop' })),
  sent_at: Nullable(Type.String({ description: 'When the provider sent the approved containers' })),
  received_at: Nullable(Type.String({ description: 'When the shop said it received them' })),
});
export type ContainerRequest = Static<typeof ContainerRequestSchema>;

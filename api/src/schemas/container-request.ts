import { Type, type Static } from 'typebox';

import { CreateRequestBody, DecisionBody } from '@panel/shared/contract';

import { Id, Nullable, PageQuery, ShopRef, StringEnum } from './common';

// The bodies the request and decision forms send: one definition, in the contract.
export { CreateRequestBody, DecisionBody, EXPLANATION_MAX_LENGTH } from '@panel/shared/contract';

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

export const RequestListQuery = Type.Object(
  {
    shop: Type.Optional(Id),
    status: Type.Optional(RequestStatusSchema),
    order: Type.Optional(
      StringEnum(['oldest', 'newest'], {
        default: 'oldest',
        description: "oldest: by id, the spec's list; newest: by request date then id, descending.",
      }),
    ),
    ...PageQuery.properties,
  },
  { additionalProperties: false },
);
export type RequestOrder = NonNullable<Static<typeof RequestListQuery>['order']>;

export type RequestedContainers = Static<typeof CreateRequestBody>['containers'];

export type Decision = Static<typeof DecisionBody>;

export const DecisionReply = Type.Object({
  message: Type.String(),
  request: ContainerRequestSchema,
});

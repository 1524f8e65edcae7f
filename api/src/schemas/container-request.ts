import { Type, type Static } from 'typebox';

import { Id, PageQuery, ShopRef, StringEnum } from './common';

export const RequestStatusSchema = StringEnum(['PENDING', 'APPROVED', 'DENIED', 'CANCELLED']);
export type RequestStatus = Static<typeof RequestStatusSchema>;

export const RequestItemSchema = Type.Object({
  quantity: Type.Integer(),
  container_type: Type.String(),
});
export type RequestItem = Static<typeof RequestItemSchema>;

export const ContainerRequestSchema = Type.Object({
  id: Type.Integer(),
  status: RequestStatusSchema,
  request_date: Type.String(),
  shop: ShopRef,
  items: Type.Array(RequestItemSchema),
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

export const CreateRequestBody = Type.Object({
  containers: Type.Array(
    Type.Object({
      container_type: Type.String({ minLength: 1, maxLength: 64 }),
      count: Type.Integer({ minimum: 1, maximum: 99 }),
    }),
    { minItems: 1, maxItems: 50 },
  ),
});
export type RequestedContainers = Static<typeof CreateRequestBody>['containers'];

export const DecisionBody = Type.Object({
  // enum rather than type: boolean, so null or "yes" is rejected instead of coerced.
  approved: Type.Unsafe<boolean>({ enum: [true, false] }),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type Decision = Required<Static<typeof DecisionBody>>;

export const DecisionReply = Type.Object({
  message: Type.String(),
  request: ContainerRequestSchema,
});

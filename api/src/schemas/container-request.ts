import { Type, type Static } from 'typebox';

import {
  ContainerRequestSchema,
  CreateRequestBody,
  DecisionBody,
  RequestStatusSchema,
} from '@panel/shared/contract';

import { Id, PageQuery, StringEnum } from './common';

// The request as the panel reads it, and the bodies the request and decision
// forms send: one definition, in the contract.
export {
  ContainerRequestSchema,
  CreateRequestBody,
  DecisionBody,
  EXPLANATION_MAX_LENGTH,
  RequestItemSchema,
  RequestStatusSchema,
  type ContainerRequest,
  type RequestItem,
  type RequestStatus,
} from '@panel/shared/contract';

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

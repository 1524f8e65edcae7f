/**
 * Building blocks of the API's TypeBox schemas. Each schema is plain JSON
 * Schema for Fastify's validation, serialisation and the OpenAPI document,
 * and its `Static<>` type is what handlers and repositories use.
 */
import { Dictionary, Id, Nullable, ShopRef, StringEnum } from '@panel/shared/contract';
import { Type, type Static, type TSchema } from 'typebox';

// The contract's building blocks, one definition for the API and the panel.
export { Dictionary, Id, Nullable, ShopRef, StringEnum };

export const ErrorSchema = Type.Object(
  {
    error: Type.String(),
    email: Type.Optional(Type.Array(Type.String())),
    logo: Type.Optional(Type.Array(Type.String())),
    name: Type.Optional(Type.Array(Type.String())),
    phone: Type.Optional(Type.Array(Type.String())),
    x_gis: Type.Optional(Type.Array(Type.String())),
    y_gis: Type.Optional(Type.Array(Type.String())),
    loan_days: Type.Optional(Type.Array(Type.String())),
    stock_minimums: Type.Optional(Type.Array(Type.String())),
    current_password: Type.Optional(Type.Array(Type.String())),
    new_password: Type.Optional(Type.Array(Type.String())),
    tries_left: Type.Optional(
      Type.Integer({ description: 'reset-password: wrong codes the current code still allows' }),
    ),
    deactivated: Type.Optional(
      Type.Boolean({
        description:
          "403 to a shop's token: the provider deactivated the shop; `error` says why (sign out, show it)",
      }),
    ),
  },
  {
    description:
      'An error: `error` always; field lists where the panel reads them (register, profile).',
  },
);
export type ErrorBody = Static<typeof ErrorSchema>;

/** The error statuses a call can answer, each with the error body. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema])) as Record<
    S[number],
    typeof ErrorSchema
  >;
}

export const MessageSchema = Type.Object({ message: Type.String() });

export const IdParams = Type.Object({ id: Id });

export const PageQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10000,
        description: 'Page size; absent = the whole list.',
      }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000000, default: 0 })),
  },
  { additionalProperties: false },
);

export const totalCountHeader = {
  'X-Total-Count': { type: 'integer', description: 'Number of items in the whole list.' },
} as const;

/** A list answer with its X-Total-Count header. */
export function ListOf<T extends TSchema>(items: T) {
  return Type.Array(items, { headers: totalCountHeader });
}

import { Type } from 'typebox';

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

import { Type } from 'typebox';

import { Nullable } from './common';

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

/**
 * Building blocks of the contract's TypeBox schemas: plain JSON Schema, so the
 * API validates, serialises and documents with them, a form checks its body
 * with the same objects before sending, and the panel reads answers typed by
 * their `Static<>`.
 */
import { Type, type Static, type TSchema } from 'typebox';

/**
 * `T` or null, written as `type: [T, 'null']`: the same JSON Schema as the
 * hand-written one, which the response serialiser handles without the
 * per-value checks an `anyOf` costs.
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** A string out of a fixed list (`type: 'string', enum: […]`). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: values, ...options });
}

/** An object used as a map (`additionalProperties`), keys chosen by the data. */
export function Dictionary<T extends TSchema>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<Record<string, Static<T>>>({
    type: 'object',
    additionalProperties: values,
    ...options,
  });
}

/** A database id as a parameter or body field. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const PasswordSchema = Type.String({ minLength: 8, maxLength: 128 });

/** `{ id, name }` of the shop a loan or request belongs to. */
export const ShopRef = Type.Object({ id: Type.Integer(), name: Type.String() });

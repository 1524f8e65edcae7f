import { Type } from 'typebox';

import { Nullable } from './common';

/**
 * Dot-separated runs of printable ASCII other than '.' and '@' (0x21-0x7E
 * without 0x2E and 0x40) on both sides of the '@', with at least one dot in
 * the domain. The runs cannot share a character with their separators, so
 * matching never backtracks (linear time), and a trailing or doubled dot, a
 * zero-width space or any letter that only looks like ASCII fails. E-mails are NFKC-normalised and lowercased
 * before this check (api/src/lib/email.ts).
 */
export const EMAIL_PATTERN =
  /^[\x21-\x2d\x2f-\x3f\x41-\x7e]+(?:\.[\x21-\x2d\x2f-\x3f\x41-\x7e]+)*@[\x21-\x2d\x2f-\x3f\x41-\x7e]+(?:\.[\x21-\x2d\x2f-\x3f\x41-\x7e]+)+$/;
const EMAIL_MAX_LENGTH = 254;
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{3,30}$/;

/**
 * The fields of the register and profile forms (multipart, validated by the API
 * (api/src/lib/shop-form.ts) against these schemas, each field's length before its
 * pattern). Text arrives trimmed, the e-mail NFKC-normalised and lowercased,
 * and a coordinate as a number (multipart: a plain decimal), or null when left
 * empty.
 */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({
    minLength: 1,
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN.source,
  }),
  // '+' and 30 characters: the pattern's own bound, so the length check refuses longer text first.
  phone: Type.String({ minLength: 1, maxLength: 31, pattern: PHONE_PATTERN.source }),
  x_gis: Nullable(Type.Number({ minimum: -90, maximum: 90 })),
  y_gis: Nullable(Type.Number({ minimum: -180, maximum: 180 })),
  logo: Type.String({ format: 'binary', description: 'PNG, JPEG, GIF or WEBP, at most 2 MB.' }),
};

export const RegisterForm = Type.Object({
  name: fields.name,
  email: fields.email,
  phone: fields.phone,
  x_gis: Type.Optional(fields.x_gis),
  y_gis: Type.Optional(fields.y_gis),
  logo: Type.Optional(fields.logo),
});

// `id` only on the profile form, where it must match the address.
export const ProfileForm = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.Optional(fields.name),
  email: Type.Optional(fields.email),
  phone: Type.Optional(fields.phone),
  x_gis: Type.Optional(fields.x_gis),
  y_gis: Type.Optional(fields.y_gis),
  logo: Type.Optional(fields.logo),
});

/** The message of a register or profile field sent blank. */
export const SHOP_FIELD_BLANK = 'This field may not be blank.';

/** The message of each field when its value breaks the schema other than by being blank. */
export const SHOP_FIELD_MESSAGES: Record<string, string> = {
  name: 'Ensure this field has no more than 100 characters.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  x_gis: 'Enter a number between -90 and 90.',
  y_gis: 'Enter a number between -180 and 180.',
};

import { Type, type Static } from 'typebox';

import { Nullable } from './common';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()\-.]{3,30}$/;

/**
 * The fields of the register and profile forms (multipart, validated by
 * lib/shop-form.ts against these schemas). Text arrives trimmed, the e-mail
 * lowercased, and a coordinate as a number, or null when left empty.
 */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ minLength: 1, maxLength: 254, pattern: EMAIL_PATTERN.source }),
  phone: Type.String({ minLength: 1, pattern: PHONE_PATTERN.source }),
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

/** The message of each field when its value breaks the schema other than by being blank. */
export const SHOP_FIELD_MESSAGES: Record<string, string> = {
  name: 'Ensure this field has no more than 100 characters.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  x_gis: 'Enter a number between -90 and 90.',
  y_gis: 'Enter a number between -180 and 180.',
};

export type RegisterFields = Omit<Static<typeof RegisterForm>, 'logo' | 'id'>;
export type ProfileFields = Omit<Static<typeof ProfileForm>, 'logo' | 'id'>;

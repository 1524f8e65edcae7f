import { Type, type Static } from 'typebox';

import { Nullable, StringEnum } from './common';

// The bodies the password and status forms send: one definition, in the contract.
export {
  ChangeOwnPasswordBody,
  ChangePasswordBody,
  ChangeShopStatusBody,
  PasswordSchema,
} from '@panel/shared/contract';

export const ShopSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  logo: Nullable(Type.String()),
  created_date: Type.String(),
  status: StringEnum(['active', 'inactive']),
  x_gis: Nullable(Type.Number()),
  y_gis: Nullable(Type.Number()),
});
export type Shop = Static<typeof ShopSchema>;

export const ChangeOwnPasswordReply = Type.Object({
  message: Type.String(),
  access: Type.String({
    description:
      "This session's new token (the old ones stop working), expiring when the old one would have",
  }),
});

export const WRONG_CURRENT_PASSWORD = 'The current password is not right.';

/** Passwords are trimmed before use, so the length is checked again after the schema's. */
export const SHORT_PASSWORD = 'The password must have at least 8 characters.';

import { Type } from 'typebox';

// The shop as the panel reads it, and the bodies the password and status
// forms send: one definition, in the contract.
export {
  ChangeOwnPasswordBody,
  ChangePasswordBody,
  ChangeShopStatusBody,
  PasswordSchema,
  ShopSchema,
  type Shop,
} from '@panel/shared/contract';

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

import { Type, type Static } from 'typebox';

import { Nullable, PasswordSchema, StringEnum } from './common';

export const LoginBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
  remember_me: Type.Optional(
    Type.Boolean({ description: 'Remember me: the token lasts 7 days instead of 10 hours' }),
  ),
});

export const ForgetPasswordBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
});

export const ResetPasswordBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  reset_code: Type.String({ pattern: '^\\s*[0-9]{6}\\s*$' }),
  new_password: PasswordSchema,
});

export const SetPasswordBody = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The token of the set-password link e-mailed when the shop was activated',
  }),
  password: PasswordSchema,
});

export const LoginReply = Type.Object({
  access: Type.String(),
  /** `admin` for a shop user, `super_admin` for the provider. */
  status: StringEnum(['admin', 'super_admin']),
  shop_id: Nullable(Type.Integer()),
});
export type LoginReply = Static<typeof LoginReply>;

import { Type } from 'typebox';

import { Id, PasswordSchema, StringEnum } from './common';

export const ChangeShopStatusBody = Type.Object({
  shop: Id,
  new_status: StringEnum(['active', 'inactive']),
  reason: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Why (optional; the panel always sends one): kept in the status history, and a deactivated shop reads it',
    }),
  ),
});

export const ChangePasswordBody = Type.Object({ shop: Id, new_password: PasswordSchema });

export const ChangeOwnPasswordBody = Type.Object({
  current_password: Type.String({ maxLength: 128 }),
  new_password: PasswordSchema,
});

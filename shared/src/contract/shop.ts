import { Type, type Static } from 'typebox';

import { Id, Nullable, PasswordSchema, StringEnum } from './common';

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
export type ShopStatus = Shop['status'];

/** The header of the shop list's CSV export, in order: the panel writes it, tests read it. */
export const SHOPS_CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Phone Number',
  'Join Date',
  'Status',
  'Latitude',
  'Longitude',
] as const;

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

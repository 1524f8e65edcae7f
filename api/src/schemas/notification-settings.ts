import { Type } from 'typebox';

export const NotificationSettingsSchema = Type.Object({
  daily_digest: Type.Boolean({
    description: "The super admin's daily e-mail of new registrations and new requests",
  }),
});

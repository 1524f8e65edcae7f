import type { Static } from 'typebox';

import type { ProfileForm, RegisterForm } from '@panel/shared/contract';

// The register and profile forms' fields: one definition, in the contract.
export {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  ProfileForm,
  RegisterForm,
  SHOP_FIELD_BLANK,
  SHOP_FIELD_MESSAGES,
} from '@panel/shared/contract';

export type RegisterFields = Omit<Static<typeof RegisterForm>, 'logo' | 'id'>;
export type ProfileFields = Omit<Static<typeof ProfileForm>, 'logo' | 'id'>;

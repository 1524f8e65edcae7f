import { Type, type Static } from 'typebox';

import { Nullable, StringEnum } from './common';

// The bodies the login, reset and set-password forms send: one definition, in the contract.
export {
  ForgetPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SetPasswordBody,
} from '@panel/shared/contract';

export const LoginReply = Type.Object({
  access: Type.String(),
  status: StringEnum(['admin', 'super_admin']),
  shop_id: Nullable(Type.Integer()),
});
export type LoginReply = Static<typeof LoginReply>;

export const RegisterReply = Type.Object({ message: Type.String(), id: Type.Integer() });

import { Type } from 'typebox';

// The bodies the login, reset and set-password forms send, and the login's
// answer: one definition, in the contract.
export {
  ForgetPasswordBody,
  LoginBody,
  LoginReply,
  ResetPasswordBody,
  SetPasswordBody,
} from '@panel/shared/contract';

export const RegisterReply = Type.Object({ message: Type.String(), id: Type.Integer() });

import { describeError, type ApiError } from './describe-error';

/** @deprecated Use describeError; kept until mfe-auth and mfe-dashboard move onto it. */
export function errorText(error: ApiError): string {
  return describeError(error).text;
}

/** @deprecated Use describeError(error, { fields: ['email', 'logo'] }). */
export function fieldErrorText(error: ApiError): string {
  return describeError(error, { fields: ['email', 'logo'] }).text;
}

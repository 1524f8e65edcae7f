import { errorText, type ApiError } from '@panel/shared';

/**
 * Login, reset and forgot failures show the server's own `error` text as-is
 * (spec section 8), even for a 401/403 where the shared mapping would say
 * 'Permission Denied'; without one, the shared mapping decides.
 */
export function serverErrorText(error: unknown): string {
  const apiError = error as ApiError;
  if (apiError && 'data' in apiError && apiError.data && typeof apiError.data === 'object') {
    const text = (apiError.data as { error?: unknown }).error;
    if (typeof text === 'string' && text !== '') return text;
  }
  return errorText(apiError);
}

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

import { MESSAGES } from '../config/messages';
import type { ApiErrorBody } from '../types';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

function body(error: ApiError): ApiErrorBody | undefined {
  if (error && 'data' in error && error.data && typeof error.data === 'object') {
    return error.data as ApiErrorBody;
  }
  return undefined;
}

export function errorStatus(error: ApiError): number | string | undefined {
  if (error && 'status' in error) return error.status;
  return undefined;
}

/**
 * The one mapping of a failed call to the spec's detail text (section 8):
 * 403 → 'Permission Denied', 404 → '404 not found', no response → the
 * no-internet text, otherwise the server's error field.
 */
export function errorText(error: ApiError): string {
  const status = errorStatus(error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return MESSAGES.noInternet;
  if (status === 403) return MESSAGES.permissionDenied;
  const data = body(error);
  if (data?.error) return data.error;
  if (status === 404) return MESSAGES.notFound;
  if (status === 401) return MESSAGES.sessionExpired;
  if (data?.email?.[0]) return data.email[0];
  if (data?.logo?.[0]) return data.logo[0];
  if (error && 'message' in error && error.message) return error.message;
  return typeof status === 'number' ? `Error ${status}` : MESSAGES.noInternet;
}

/** Registration reads the first email error, else the first logo error (spec section 8). */
export function fieldErrorText(error: ApiError): string {
  const data = body(error);
  return data?.email?.[0] ?? data?.logo?.[0] ?? errorText(error);
}

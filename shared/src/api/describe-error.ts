import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

import { MESSAGES, unknownErrorText } from '../config/messages';

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

export interface ErrorDescription {
  /** What the user reads (spec section 8). */
  text: string;
  /** The form field the text belongs to, when the server named one of the fields asked for. */
  field?: string;
}

export interface DescribeOptions {
  /** Form fields whose server-side error lists (`{ "email": ["…"] }`) may be shown, in this order. */
  fields?: readonly string[];
  /**
   * Calls made without a session (login, register, password reset) show the
   * server's own text even for 401/403 (spec section 8: "as-is"); calls of a
   * session get the spec's 'Permission Denied' and the expired-session text.
   */
  anonymous?: boolean;
  /**
   * The call's every failing answer is told by its status code alone: the
   * forgot-password step shows 'An unknown error has occurred. Error Code :
   * {status}' for any non-200 reply (spec section 8).
   */
  byStatusCode?: boolean;
}

/**
 * No answer, a call that hung past the time-out, or the shell's proxy saying
 * the API is unreachable (502/503/504): all mean "could not contact the API".
 */
const UNREACHABLE = new Set<number | string>(['FETCH_ERROR', 'TIMEOUT_ERROR', 502, 503, 504]);

function errorBody(error: ApiError): Record<string, unknown> | undefined {
  if (error && 'data' in error && error.data && typeof error.data === 'object') {
    return error.data as Record<string, unknown>;
  }
  return undefined;
}

function errorStatus(error: ApiError): number | string | undefined {
  if (error && 'status' in error) return error.status;
  return undefined;
}

/**
 * The API's answer when a call breaks its schema: "Invalid request:
 * body/new_password must NOT have fewer than 8 characters". The path, the
 * field key and the rule are the API's words, not the user's (issue 34).
 */
const SCHEMA_ANSWER = /^Invalid request: (?:body|querystring|params|headers)(?:\/(\w+))?/;

/** How the fields the API checks are named to users; any other is told of in general terms. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  email: 'e-mail address',
  password: 'password',
  new_password: 'password',
  reset_code: 'code',
  name: 'shop name',
  phone: 'phone number',
  x_gis: 'latitude',
  y_gis: 'longitude',
  reason: 'reason',
};

/** The server's own text, except a schema answer, which becomes a plain sentence. */
function plainServerText(text: string): string {
  const schema = SCHEMA_ANSWER.exec(text);
  if (!schema) return text;
  const word = schema[1] === undefined ? undefined : FIELD_WORDS[schema[1]];
  return word ? MESSAGES.invalidField(word) : MESSAGES.invalidRequest;
}

function firstFieldError(
  body: Record<string, unknown> | undefined,
  fields: readonly string[],
): ErrorDescription | undefined {
  for (const field of fields) {
    const list = body?.[field];
    if (Array.isArray(list) && typeof list[0] === 'string') return { text: list[0], field };
  }
  return undefined;
}

/**
 * The one mapping of a failed call to what the user reads (spec section 8),
 * first rule that applies wins:
 * no answer (or 502/503/504, or the time-out) → the no-internet text;
 * `byStatusCode` → the unknown-error text with the status;
 * within a session, 403 → 'Permission Denied' and 401 → the expired-session text;
 * a field's error list, then the server's `error` (a schema answer in plain words);
 * 404 → '404 not found'; otherwise the status code.
 */
export function describeError(error: ApiError, options: DescribeOptions = {}): ErrorDescription {
  const status = errorStatus(error);
  if (status !== undefined && UNREACHABLE.has(status)) return { text: MESSAGES.noInternet };
  if (options.byStatusCode && typeof status === 'number') return { text: unknownErrorText(status) };
  if (!options.anonymous && status === 403) return { text: MESSAGES.permissionDenied };
  if (!options.anonymous && status === 401) return { text: MESSAGES.sessionExpired };
  const body = errorBody(error);
  const fieldError = firstFieldError(body, options.fields ?? []);
  if (fieldError) return fieldError;
  if (typeof body?.error === 'string' && body.error !== '') {
    return { text: plainServerText(body.error) };
  }
  if (status === 404) return { text: MESSAGES.notFound };
  if (typeof status === 'number') return { text: unknownErrorText(status) };
  if (error && 'message' in error && error.message) return { text: error.message };
  return { text: MESSAGES.noInternet };
}

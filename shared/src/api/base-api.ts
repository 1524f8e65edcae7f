import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

// By name, not by path: @panel/shared is another shared module, and the
// run-time settings (the API's base URL) live in its one instance.
import {
  announceSessionEnd,
  API_PREFIX,
  API_TIMEOUT_MS,
  clearSession,
  describeError,
  getApiBaseUrl,
  PATHS,
  trackCall,
  type SessionEndDetail,
} from '@panel/shared';

// Storage is read as it is at each call: no state, so a copy does no harm.
import { getToken } from '../auth/session';

/** Every tag any remote uses, declared up front so injected endpoints agree. */
export const TAG_TYPES = [
  'Shop',
  'ShopInfo',
  'ShopSettings',
  'Stock',
  'Weekly',
  'AdminSummary',
  'Loan',
  'Return',
  'Request',
  'TypesAndCountries',
  'QrBatch',
  'Audit',
] as const;

/**
 * Until when calls ask the API for its data as of now (`Cache-Control:
 * no-cache`): the live updates set it as an event comes, so the re-reads
 * the event starts are not answered from a costly read kept from before the
 * change (the API's recentRead answers such a read up to 2 s old).
 */
let freshUntil = 0;

/** Calls sent in the next `ms` ask the API for its data as of now. */
export function readFreshFor(ms: number): void {
  freshUntil = Math.max(freshUntil, Date.now() + ms);
}

const rawBaseQuery = fetchBaseQuery({
  // jsdom has no global fetch at module load; look it up per call instead.
  fetchFn: (input, init) => globalThis.fetch(input, init),
  timeout: API_TIMEOUT_MS,
  prepareHeaders: (headers) => {
    const token = getToken();
    if (token && !headers.has('Authorization')) headers.set('Authorization', `JWT ${token}`);
    if (Date.now() < freshUntil) headers.set('Cache-Control', 'no-cache');
    return headers;
  },
});

/**
 * Adds the run-time base URL and the session rules: a call that carried a
 * token and got 401 (expired or revoked) or 403 (not allowed) clears storage
 * and sends the user away (spec section 2). Calls made without a token, such
 * as login, keep their error for the page to show.
 */
export const panelBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  apiContext,
  extraOptions,
) => {
  const sentToken = getToken();
  const hadToken = sentToken !== null;
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  // The base URL is only known at run time, so the prefix is joined here, not in fetchBaseQuery.
  request.url = `${getApiBaseUrl()}${API_PREFIX}${request.url.startsWith('/') ? '' : '/'}${request.url}`;
  const send = async () => {
    // Tracked, so the shell can say when a call is slow and let the user cancel it.
    const call = trackCall(apiContext.signal);
    return Promise.resolve(
      rawBaseQuery(request, { ...apiContext, signal: call.signal }, extraOptions),
    ).finally(call.done);
  };
  let result = await send();
  // A call sent with the token a password change has just replaced (the
  // change's own live event re-reads the page meanwhile) is sent again with
  // the new one: the session is not over.
  const current = getToken();
  if (result.error?.status === 401 && hadToken && current !== null && current !== sentToken)
    result = await send();
  const error = result.error;
  if (hadToken && (error?.status === 401 || error?.status === 403)) {
    clearSession();
    announceSessionEnd(sessionEndOf(error));
  }
  return result;
};

/**
 * A deactivated shop's 403 carries `deactivated` and the provider's reason
 * in `error`: it is signed out to the login page with those words, not sent
 * home with 'Permission Denied'. Any other 401/403 gets describeError's text,
 * so the toast and a page's own error say the same.
 */
function sessionEndOf(error: FetchBaseQueryError): SessionEndDetail {
  const reply = (error.data ?? {}) as { deactivated?: unknown; error?: unknown };
  if (error.status === 403 && reply.deactivated === true && typeof reply.error === 'string')
    return { reason: 'deactivated', redirectTo: PATHS.loginRedirect, text: reply.error };
  const { text } = describeError(error);
  return error.status === 403
    ? { reason: 'forbidden', redirectTo: PATHS.home, text }
    : { reason: 'expired', redirectTo: PATHS.loginRedirect, text };
}

/** The one API slice of the page; remotes add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: panelBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

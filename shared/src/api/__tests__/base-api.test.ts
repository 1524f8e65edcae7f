import { jsonResponse } from '../../testing';
import { MESSAGES } from '../../config/messages';
import { makeStore } from '../../store/make-store';
import { api } from '../base-api';
import { errorText } from '../error-text';
import { onSessionEnd, type SessionEndDetail } from '../session-events';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/probe/' }),
  }),
});

async function callProbe() {
  const store = makeStore();
  const result = await store.dispatch(
    probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }),
  );
  return result;
}

function captureSessionEnd() {
  const seen: SessionEndDetail[] = [];
  const stop = onSessionEnd((detail) => seen.push(detail));
  return { seen, stop };
}

describe('the API slice', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends the stored token as a JWT header to the API prefix', async () => {
    sessionStorage.setItem('loginStatus', 'token-1');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await callProbe();
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(request.url).toBe('http://localhost/api/v0/probe/');
    expect(request.headers.get('Authorization')).toBe('JWT token-1');
  });

  it('falls back to the token in local storage', async () => {
    localStorage.setItem('loginStatus', 'remembered');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}));
    await callProbe();
    expect((fetchSpy.mock.calls[0]?.[0] as Request).headers.get('Authorization')).toBe(
      'JWT remembered',
    );
  });

  it('on 403 clears both storages and sends the user to /home with Permission Denied', async () => {
    sessionStorage.setItem('loginStatus', 't');
    localStorage.setItem('status', 'admin');
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: 'nope' }, 403));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(errorText(result.error)).toBe(MESSAGES.permissionDenied);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('status')).toBeNull();
    expect(seen).toEqual([{ reason: 'forbidden', redirectTo: '/home' }]);
  });

  it('on 401 with a token clears storage and sends the user to login', async () => {
    sessionStorage.setItem('loginStatus', 'expired');
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'Token expired' }, 401));
    const { seen, stop } = captureSessionEnd();
    await callProbe();
    stop();
    expect(sessionStorage.getItem('loginStatus')).toBeNull();
    expect(seen).toEqual([{ reason: 'expired', redirectTo: '/auth/login/' }]);
  });

  it('leaves a 401 without a token (a failed login) to the page', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'Wrong email or password' }, 401));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(seen).toEqual([]);
    expect(errorText(result.error)).toBe('Wrong email or password');
  });

  it('maps no response to the no-internet text', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await callProbe();
    expect(errorText(result.error)).toBe(MESSAGES.noInternet);
  });

  it("maps other failures to the server's error field, and a bare 404 to '404 not found'", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse({ error: 'Stock is short' }, 409));
    expect(errorText((await callProbe()).error)).toBe('Stock is short');
    jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('', { status: 404 }));
    expect(errorText((await callProbe()).error)).toBe(MESSAGES.notFound);
  });
});

import { jsonResponse, loginAs } from '../../testing';
import { MESSAGES } from '../../config/messages';
import { API_TIMEOUT_MS } from '../../config/constants';
import { replaceToken } from '../../auth/session';
import { getSession } from '../../auth/use-session';
import { makeStore } from '../../store/make-store';
import { api, readFreshFor } from '../base-api';
import { describeError } from '../describe-error';
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
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('sends the stored token as a JWT header to the API prefix', async () => {
    loginAs('shop', 7, { token: 'token-1' });
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ ok: true }));
    await callProbe();
    const request = fetchSpy.mock.calls[0]?.[0] as Request;
    expect(request.url).toBe('http://localhost/api/v0/probe/');
    expect(request.headers.get('Authorization')).toBe('JWT token-1');
  });

  it('asks for data as of now (no-cache) only in the window after a live event', async () => {
    loginAs('shop', 7, { token: 'token-1' });
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));
    await callProbe();
    readFreshFor(60_000);
    await callProbe();
    const sent = fetchSpy.mock.calls.map((call) =>
      (call[0] as Request).headers.get('Cache-Control'),
    );
    expect(sent).toEqual([null, 'no-cache']);
    jest.useFakeTimers({ now: Date.now() + 61_000 });
    await callProbe();
    expect((fetchSpy.mock.calls[2]?.[0] as Request).headers.get('Cache-Control')).toBeNull();
  });

  it('falls back to the token in local storage (Remember me, in a new tab)', async () => {
    loginAs('shop', 7, { token: 'remembered', remember: true });
    // A new tab starts with empty session storage.
    sessionStorage.clear();
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}));
    await callProbe();
    expect((fetchSpy.mock.calls[0]?.[0] as Request).headers.get('Authorization')).toBe(
      'JWT remembered',
    );
  });

  it('on 403 clears the session and sends the user to /home with Permission Denied', async () => {
    loginAs('shop');
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: 'nope' }, 403));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(describeError(result.error).text).toBe(MESSAGES.permissionDenied);
    expect(getSession()).toEqual({ token: null, role: null, shopId: null, remembered: false });
    expect(sessionStorage.length).toBe(0);
    expect(seen).toEqual([
      { reason: 'forbidden', redirectTo: '/home', text: MESSAGES.permissionDenied },
    ]);
  });

  it('sends a call again with the new token when a password change replaced it meanwhile', async () => {
    loginAs('shop', 7, { token: 'old-token' });
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(async () => {
        // The change's answer arrives while this call is on its way.
        replaceToken('new-token');
        return jsonResponse({ error: 'Invalid or expired token.' }, 401);
      })
      .mockResolvedValueOnce(jsonResponse({ ok: true }));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(result.data).toEqual({ ok: true });
    expect(
      fetchSpy.mock.calls.map(([request]) => (request as Request).headers.get('Authorization')),
    ).toEqual(['JWT old-token', 'JWT new-token']);
    expect(getSession().token).toBe('new-token');
    expect(seen).toEqual([]);
  });

  it('on 401 with a token clears the session and sends the user to login', async () => {
    loginAs('provider');
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'Token expired' }, 401));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(describeError(result.error).text).toBe(MESSAGES.sessionExpired);
    expect(getSession().token).toBeNull();
    expect(seen).toEqual([
      { reason: 'expired', redirectTo: '/auth/login/', text: MESSAGES.sessionExpired },
    ]);
  });

  it("on a deactivated shop's 403 signs out to login with the API's reason", async () => {
    loginAs('shop');
    const text = 'Your shop has been deactivated: Unpaid invoices';
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: text, deactivated: true }, 403));
    const { seen, stop } = captureSessionEnd();
    await callProbe();
    stop();
    expect(getSession().token).toBeNull();
    expect(seen).toEqual([{ reason: 'deactivated', redirectTo: '/auth/login/', text }]);
  });

  it('leaves a 401 without a token (a failed login) to the page', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'Wrong email or password' }, 401));
    const { seen, stop } = captureSessionEnd();
    const result = await callProbe();
    stop();
    expect(seen).toEqual([]);
    expect(describeError(result.error, { anonymous: true }).text).toBe('Wrong email or password');
  });

  it('maps no response to the no-internet text', async () => {
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await callProbe();
    expect(describeError(result.error).text).toBe(MESSAGES.noInternet);
  });

  it('ends a call that hangs past the time-out with the no-internet text', async () => {
    jest.useFakeTimers();
    loginAs('shop');
    // A fetch that never answers, as a hung API does; like the browser's, it
    // fails with the signal's reason once aborted.
    jest.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { signal } = input as Request;
      return new Promise<Response>((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    });
    const pending = callProbe();
    await jest.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(describeError(result.error).text).toBe(MESSAGES.noInternet);
    // A time-out says nothing about the session: the user stays logged in.
    expect(getSession().role).toBe('shop');
  });
});

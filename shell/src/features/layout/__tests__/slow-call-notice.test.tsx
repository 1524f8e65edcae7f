import { act, fireEvent, render, screen } from '@testing-library/react';
import { API_SLOW_MS, API_TIMEOUT_MS, describeError, MESSAGES } from '@panel/shared';
import { api, makeStore } from '@panel/shared/data';
import { loginAs } from '@panel/shared/testing';

import { SlowCallNotice } from '../slow-call-notice';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    slowProbe: build.query<unknown, number>({ query: (n) => `/slow-probe/${n}` }),
  }),
});

/** A hung API: the fetch never answers and, like the browser's, fails once aborted. */
function hangEveryCall() {
  jest.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const { signal } = input as Request;
    return new Promise<Response>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  });
}

function startCalls(...ids: number[]) {
  const store = makeStore();
  return ids.map((id) => store.dispatch(probeApi.endpoints.slowProbe.initiate(id)));
}

describe('SlowCallNotice', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    loginAs('shop');
    hangEveryCall();
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('says the server is slow after 5 s, and Cancel ends every call with the page usable', async () => {
    render(<SlowCallNotice />);
    const calls = startCalls(1, 2);
    await act(() => jest.advanceTimersByTimeAsync(API_SLOW_MS - 1));
    expect(screen.queryByText(MESSAGES.serverSlow)).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByText(MESSAGES.serverSlow)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.cancelCalls }));
    const results = await act(() => Promise.all(calls));
    for (const result of results) {
      expect(describeError(result.error).text).toBe(MESSAGES.noInternet);
    }
    expect(screen.queryByText(MESSAGES.serverSlow)).not.toBeInTheDocument();
    // Cancelling says nothing about the session: the user stays logged in.
    expect(sessionStorage.length).toBeGreaterThan(0);
  });

  it('left alone, still ends the call at the 30 s time-out with the no-internet text', async () => {
    render(<SlowCallNotice />);
    const [call] = startCalls(3);
    await act(() => jest.advanceTimersByTimeAsync(API_SLOW_MS));
    expect(screen.getByText(MESSAGES.serverSlow)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(API_TIMEOUT_MS - API_SLOW_MS));
    const result = await call;
    expect(result?.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(describeError(result?.error).text).toBe(MESSAGES.noInternet);
    expect(screen.queryByText(MESSAGES.serverSlow)).not.toBeInTheDocument();
  });

  it('says nothing for a call answered within 5 s', async () => {
    jest.restoreAllMocks();
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    render(<SlowCallNotice />);
    await act(async () => {
      await Promise.all(startCalls(4));
    });
    await act(() => jest.advanceTimersByTimeAsync(API_SLOW_MS * 2));
    expect(screen.queryByText(MESSAGES.serverSlow)).not.toBeInTheDocument();
  });
});

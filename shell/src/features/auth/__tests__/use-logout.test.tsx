import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS, STORAGE_KEYS } from '@panel/shared';
import { jsonResponse, loginAs, mockApi, renderRoutes } from '@panel/shared/testing';

import { useLogout } from '../use-logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

const renderHome = () => renderRoutes({ [PATHS.home]: <LogoutButton /> }, { route: PATHS.home });

afterEach(() => jest.restoreAllMocks());

describe('useLogout', () => {
  it("ends this login's token on the server, then clears both storages and opens login", async () => {
    loginAs('shop', 7, { remember: true, token: 'token-to-end' });
    const fetchMock = mockApi({ '/shops/logout': () => jsonResponse({ message: 'Logged out.' }) });
    renderHome();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.login);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v0/shops/logout/');
    expect(request.headers.get('Authorization')).toBe('JWT token-to-end');
  });

  it('leaves nothing in either storage but the rollout bucket', async () => {
    loginAs('shop', 7, { remember: true });
    localStorage.setItem(STORAGE_KEYS.rolloutId, 'bucket-of-this-browser');
    localStorage.setItem('a-page-preference', '1');
    sessionStorage.setItem('a-page-draft', 'draft');
    mockApi({ '/shops/logout': () => jsonResponse({ message: 'Logged out.' }) });
    renderHome();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.login);
    // The one exception (docs/decisions.md): the
    // canary bucket stays, so the next login gets the same release.
    expect({ ...localStorage }).toEqual({ [STORAGE_KEYS.rolloutId]: 'bucket-of-this-browser' });
    expect(sessionStorage).toHaveLength(0);
  });

  it('logs out on this device even when the server cannot be reached', async () => {
    loginAs('provider');
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    renderHome();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.login);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('asks the server nothing when no one is logged in', async () => {
    const fetchMock = mockApi({});
    renderHome();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.login);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

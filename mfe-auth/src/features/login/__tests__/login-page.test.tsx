import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DELAYS_MS, MESSAGES, PATHS, STORAGE_KEYS, useOverlayVisible } from '@panel/shared';
import { fetchedRequest, jsonResponse, loginAs, renderRoutes } from '@panel/shared/testing';

import { LoginPage } from '../components/login-page';

/** What the shell's overlay would show. */
function OverlayProbe() {
  return useOverlayVisible() ? <div data-testid="overlay" /> : null;
}

/** The page at its path, as the shell routes it. */
function renderLoginPage() {
  return renderRoutes(
    {
      [PATHS.login]: (
        <>
          <LoginPage />
          <OverlayProbe />
        </>
      ),
    },
    { route: PATHS.login },
  );
}

const overlayShown = () => screen.queryByTestId('overlay') !== null;

const LOGIN_REPLY = { access: 'token-123', status: 'admin', shop_id: 7 };

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  { remember = false }: { remember?: boolean } = {},
) {
  await user.type(screen.getByLabelText('Email'), '  shop@example.com ');
  await user.type(screen.getByLabelText('Password'), ' shop12345  ');
  if (remember) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login', () => {
  it('puts the focus on the e-mail field when the page opens', () => {
    renderLoginPage();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('sends the trimmed e-mail and password, keeps the overlay up and opens /home 1 s after success', async () => {
    jest.useFakeTimers();
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(LOGIN_REPLY));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLoginPage();

    await fillAndSubmit(user);

    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('token-123'));
    const request = fetchedRequest(fetchSpy);
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/\/shops\/login\/$/);
    expect(await request.json()).toEqual({
      email: 'shop@example.com',
      password: 'shop12345',
      remember_me: false,
    });
    expect(overlayShown()).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');

    act(() => jest.advanceTimersByTime(DELAYS_MS.loginNavigation - 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/login');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(overlayShown()).toBe(false);
  });

  it('without Remember me keeps the token in session storage only, with role and shop id in local storage', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(LOGIN_REPLY));
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user);

    await waitFor(() => expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('token-123'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.status)).toBe('admin');
    expect(localStorage.getItem(STORAGE_KEYS.shopId)).toBe('7');
  });

  it('with Remember me asks for the long token and keeps it in both storages', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse({ access: 'admin-token', status: 'super_admin', shop_id: null }),
      );
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user, { remember: true });

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('admin-token'));
    expect(await fetchedRequest(fetchSpy).json()).toMatchObject({ remember_me: true });
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('admin-token');
    expect(localStorage.getItem(STORAGE_KEYS.status)).toBe('super_admin');
    expect(localStorage.getItem(STORAGE_KEYS.shopId)).toBeNull();
  });

  it('shows the server error in red under the password, tied to it, and removes the overlay', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'Invalid email or password' }, 401));
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Invalid email or password',
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(overlayShown()).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("shows the server's own text for a 403 instead of the generic 'Permission Denied'", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'This shop is not active yet.' }, 403));
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('This shop is not active yet.');
  });

  it("says the API could not be reached when the shell's proxy answers 502", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ error: 'The API server is not reachable' }, 502));
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noInternet);
  });

  it('ignores a second submit while the first is in flight', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderLoginPage();

    await fillAndSubmit(user);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.keyboard('{Enter}');
    answer(jsonResponse({ error: 'nope' }, 400));

    expect(await screen.findByRole('alert')).toHaveTextContent('nope');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('moves focus from the e-mail to the password on Enter without submitting', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderLoginPage();

    await user.type(screen.getByLabelText('Email'), 'shop@example.com{Enter}');

    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderLoginPage();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('opens the forgot-password page from its link', async () => {
    const user = userEvent.setup();
    renderLoginPage();
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));

    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.forgotPassword);
  });

  it('goes straight to /home when the login is kept in both storages', () => {
    loginAs('shop', 7, { remember: true });
    renderLoginPage();

    expect(screen.getByTestId('location')).toHaveTextContent('/home');
  });

  it('stays on the login page when the login is only in session storage', () => {
    loginAs('shop');
    renderLoginPage();

    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LIMITS, MESSAGES, notify, PATHS } from '@panel/shared';
import { MAIL_MESSAGES } from '@panel/shared/page-ui';
import { fetchedRequest, jsonResponse, renderRoutes } from '@panel/shared/testing';

import { SetPasswordPage } from '../components/set-password-page';

/** The page at the activation mail's link, as the shell routes it. */
function renderSetPasswordPage(search = '?token=link-token-1') {
  return renderRoutes(
    { [PATHS.setPassword]: <SetPasswordPage /> },
    { route: `${PATHS.setPassword}${search}` },
  );
}

afterEach(() => {
  jest.restoreAllMocks();
});

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  password: string,
  confirm = password,
) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: MAIL_MESSAGES.setPasswordSubmit }));
}

describe('set password (the activation link)', () => {
  it('sends the token and the password, says so and goes to login', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ message: 'Your password has been set.' }, 200));
    const success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    const user = userEvent.setup();
    renderSetPasswordPage();

    expect(screen.getByRole('heading', { name: MAIL_MESSAGES.setPasswordTitle })).toBeVisible();
    await fill(user, ' secret123 ');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(PATHS.login));
    expect(success).toHaveBeenCalledWith('Your password has been set.');
    const request = fetchedRequest(fetchSpy);
    expect(request.url).toMatch(/\/shops\/set-password\/$/);
    expect(await request.json()).toEqual({ token: 'link-token-1', password: 'secret123' });
  });

  it('checks length and confirmation before calling', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderSetPasswordPage();

    await fill(user, 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MESSAGES.passwordTooShort(LIMITS.passwordMinLength),
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await fill(user, 'secret123', 'secret124');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordsDontMatch);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's sentence for a used link and stays", async () => {
    const used = 'This link has already been used. Log in with your password.';
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: used }, 409));
    const user = userEvent.setup();
    renderSetPasswordPage();

    await fill(user, 'secret123');

    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(screen.getByTestId('location')).toHaveTextContent(PATHS.setPassword);
  });

  it('says the link is incomplete when it has no token', () => {
    renderSetPasswordPage('');
    expect(screen.getByRole('alert')).toHaveTextContent(MAIL_MESSAGES.setPasswordNoToken);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' })).toBeVisible();
  });
});

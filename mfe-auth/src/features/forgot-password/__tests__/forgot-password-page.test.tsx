import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LIMITS, MESSAGES, notify, PATHS, unknownErrorText } from '@panel/shared';
import { fetchedRequest, jsonResponse, renderRoutes } from '@panel/shared/testing';

import { ForgotPasswordPage } from '../components/forgot-password-page';

/** The page at its path, as the shell routes it. */
function renderForgotPasswordPage() {
  return renderRoutes(
    { [PATHS.forgotPassword]: <ForgotPasswordPage /> },
    { route: PATHS.forgotPassword },
  );
}

afterEach(() => {
  jest.restoreAllMocks();
});

async function sendEmail(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), ' shop@example.com ');
  await user.click(screen.getByRole('button', { name: 'Send Email' }));
}

async function fillStepTwo(user: ReturnType<typeof userEvent.setup>, confirm = 'secret123') {
  await user.type(screen.getByLabelText('Code'), '123456');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('forgot password', () => {
  it('on 200 says the code was sent and asks for code and new password', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}, 200));
    const user = userEvent.setup();
    renderForgotPasswordPage();

    await sendEmail(user);

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.resetCodeSent);
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    const request = fetchedRequest(fetchSpy);
    expect(request.url).toMatch(/\/shops\/forget-password\/$/);
    expect(await request.json()).toEqual({ email: 'shop@example.com' });
  });

  it('shows the unknown-error block with the status for a non-200 reply', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ error: 'No shop' }, 404));
    const user = userEvent.setup();
    renderForgotPasswordPage();

    await sendEmail(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(unknownErrorText(404));
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('catches an empty e-mail on the field, with no call', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}, 200));
    const user = userEvent.setup();
    renderForgotPasswordPage();

    await user.type(screen.getByLabelText('Email'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));

    const field = screen.getByLabelText('Email');
    expect(field).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(field).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.type(field, 'shop@example.com');
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
  });

  it('refuses a new password under the minimum before the call', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}, 200));
    const user = userEvent.setup();
    renderForgotPasswordPage();
    await sendEmail(user);
    await screen.findByRole('status');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      MESSAGES.passwordTooShort(LIMITS.passwordMinLength),
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("says Passwords Doesn't match and sends nothing when they differ", async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({}, 200));
    const user = userEvent.setup();
    renderForgotPasswordPage();
    await sendEmail(user);
    await screen.findByLabelText('Code');

    await fillStepTwo(user, 'other456');

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.passwordsDontMatch);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      MESSAGES.passwordsDontMatch,
    );
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("on success shows the server's message and goes to login", async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse({}, 200))
      .mockResolvedValueOnce(jsonResponse({ message: 'Password changed successfully' }));
    const user = userEvent.setup();
    renderForgotPasswordPage();
    await sendEmail(user);
    await screen.findByLabelText('Code');

    await fillStepTwo(user);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
    expect(success).toHaveBeenCalledWith('Password changed successfully');
    const request = fetchedRequest(fetchSpy, 1);
    expect(request.url).toMatch(/\/shops\/reset-password\/$/);
    expect(await request.json()).toEqual({
      email: 'shop@example.com',
      reset_code: '123456',
      new_password: 'secret123',
    });
  });

  it("shows the server's error as-is when the reset fails", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse({}, 200))
      .mockResolvedValueOnce(jsonResponse({ error: 'Invalid or expired code' }, 400));
    const user = userEvent.setup();
    renderForgotPasswordPage();
    await sendEmail(user);
    await screen.findByLabelText('Code');

    await fillStepTwo(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/forgotPassword');
  });

  it('shows a wrong code on the code field with the tries left, and sends a new code', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse({}, 200))
      .mockResolvedValueOnce(jsonResponse({ error: 'The code is wrong.', tries_left: 2 }, 400))
      .mockResolvedValueOnce(jsonResponse({}, 200));
    const user = userEvent.setup();
    renderForgotPasswordPage();
    await sendEmail(user);
    await screen.findByLabelText('Code');

    await fillStepTwo(user);

    const codeField = screen.getByLabelText('Code');
    await waitFor(() => expect(codeField).toHaveAttribute('aria-invalid', 'true'));
    expect(codeField).toHaveAccessibleDescription(`The code is wrong. ${MESSAGES.triesLeft(2)}`);
    expect(screen.getByRole('alert')).toHaveTextContent('2 tries left');

    await user.click(screen.getByRole('button', { name: MESSAGES.sendNewCode }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.newCodeSent);
    expect(codeField).toHaveValue('');
    expect(codeField).toHaveFocus();
    expect(codeField).not.toHaveAttribute('aria-invalid');
    const again = fetchedRequest(fetchSpy, 2);
    expect(again.url).toMatch(/\/shops\/forget-password\/$/);
    expect(await again.json()).toEqual({ email: 'shop@example.com' });
  });
});

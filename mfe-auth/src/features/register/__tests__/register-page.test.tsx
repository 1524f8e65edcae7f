import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DELAYS_MS, LIMITS, logoProblem, MESSAGES, PATHS } from '@panel/shared';
import { SHOP_FIELD_BLANK, SHOP_FIELD_MESSAGES } from '@panel/shared/contract';
import { fetchedRequest, jsonResponse, renderRoutes } from '@panel/shared/testing';

import { RegisterPage } from '../components/register-page';
import { buildRegistrationForm } from '../utils/registration-form';

/** The page at its path, as the shell routes it. */
function renderRegisterPage() {
  return renderRoutes({ [PATHS.register]: <RegisterPage /> }, { route: PATHS.register });
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const png = (size = 68) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });

async function fillForm(user: ReturnType<typeof userEvent.setup>, { terms = true } = {}) {
  await user.type(screen.getByLabelText('Shop name'), ' Green Grocer ');
  await user.type(screen.getByLabelText('Email'), ' new@shop.test ');
  await user.type(screen.getByLabelText('Phone'), ' 0123 456 ');
  if (terms) await user.click(screen.getByRole('checkbox', { name: MESSAGES.termsLabel }));
  await user.upload(screen.getByLabelText('Logo'), png());
}

describe('registration rules', () => {
  it('refuses a logo over 2 MB and a file that is not an image', () => {
    expect(logoProblem(png(LIMITS.uploadMaxBytes + 1))).toBe(MESSAGES.fileTooLarge);
    expect(logoProblem(png(LIMITS.uploadMaxBytes))).toBeNull();
    expect(logoProblem(new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      MESSAGES.imagesOnly,
    );
  });

  it('builds the multipart payload with trimmed text fields', () => {
    const logo = png();
    const form = buildRegistrationForm({
      name: ' Green Grocer ',
      email: ' new@shop.test ',
      phone: ' 0123 ',
      logo,
    });
    expect(form.get('name')).toBe('Green Grocer');
    expect(form.get('email')).toBe('new@shop.test');
    expect(form.get('phone')).toBe('0123');
    expect((form.get('logo') as File).name).toBe('logo.png');
  });
});

describe('register page', () => {
  it('asks to accept the terms and sends nothing while they are unticked', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRegisterPage();

    await fillForm(user, { terms: false });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const terms = screen.getByRole('checkbox', { name: MESSAGES.termsLabel });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.acceptTerms);
    expect(terms).toHaveAccessibleDescription(MESSAGES.acceptTerms);
    expect(terms).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(terms);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("checks the fields against the API's schema, in its words, before sending", async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRegisterPage();

    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Phone'), '0123');
    await user.click(screen.getByRole('checkbox', { name: MESSAGES.termsLabel }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const name = screen.getByLabelText('Shop name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(SHOP_FIELD_BLANK));
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(SHOP_FIELD_MESSAGES.email);
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a logo over 2 MB and clears the choice', async () => {
    const user = userEvent.setup();
    renderRegisterPage();
    const input = screen.getByLabelText<HTMLInputElement>('Logo');

    await user.upload(input, png(LIMITS.uploadMaxBytes + 1));

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fileTooLarge);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.fileTooLarge));
    expect(input.value).toBe('');

    await user.upload(input, png());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file that is not an image', async () => {
    // A drag-and-drop or a picker set to "all files" ignores the accept attribute.
    const user = userEvent.setup({ applyAccept: false });
    renderRegisterPage();
    const input = screen.getByLabelText<HTMLInputElement>('Logo');

    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.imagesOnly);
    expect(input.value).toBe('');
  });

  it("stops each text field at the API's limit", () => {
    renderRegisterPage();
    expect(screen.getByLabelText('Shop name')).toHaveAttribute(
      'maxLength',
      String(LIMITS.shopNameMaxLength),
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute(
      'maxLength',
      String(LIMITS.emailMaxLength),
    );
    expect(screen.getByLabelText('Phone')).toHaveAttribute(
      'maxLength',
      String(LIMITS.phoneMaxLength),
    );
    expect([LIMITS.shopNameMaxLength, LIMITS.emailMaxLength, LIMITS.phoneMaxLength]).toEqual([
      100, 254, 31,
    ]);
  });

  it("draws the logo with the panel's file picker, naming the chosen file", async () => {
    const user = userEvent.setup();
    renderRegisterPage();
    expect(screen.getByText(MESSAGES.chooseFile)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noFileChosen)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), png());
    expect(screen.getByText('logo.png')).toBeInTheDocument();
  });

  it('moves to the next field on Enter', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderRegisterPage();

    await user.type(screen.getByLabelText('Shop name'), 'Shop{Enter}');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.keyboard('a@b.c{Enter}');
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    await user.keyboard('1{Enter}');
    expect(screen.getByRole('checkbox', { name: MESSAGES.termsLabel })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Logo')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the first e-mail error, dims the button and brings it back 3 s later', async () => {
    jest.useFakeTimers();
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse({ email: ['shop with this email already exists.', 'x'] }, 400),
      );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRegisterPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('shop with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'shop with this email already exists.',
    );
    const request = fetchedRequest(fetchSpy);
    expect(request.method).toBe('POST');
    expect(request.url).toMatch(/\/shops\/register\/$/);

    const button = screen.getByRole('button', { name: 'Register' });
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(DELAYS_MS.registrationReenable - 1));
    expect(button).toBeDisabled();
    act(() => jest.advanceTimersByTime(1));
    expect(button).toBeEnabled();
  });

  it('shows the first logo error under the logo', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ logo: ['Upload a valid image.'] }, 400));
    const user = userEvent.setup();
    renderRegisterPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a valid image.');
    expect(screen.getByLabelText('Logo')).toHaveAccessibleDescription(
      expect.stringContaining('Upload a valid image.'),
    );
  });

  it('puts each server error on its own field, the name and the phone too', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(
        {
          error: 'Some fields are not valid.',
          name: ['The name may not be blank.'],
          phone: ['Enter a valid phone number.'],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderRegisterPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const name = screen.getByLabelText('Shop name');
    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a valid phone number.'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('The name may not be blank.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // Owned by fields, the error is not repeated in a block under the form.
    expect(screen.queryByText('Some fields are not valid.')).toBeNull();

    await user.type(phone, '7');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('on 201 shows the success message and opens the login page 1.5 s later', async () => {
    jest.useFakeTimers();
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'ok' }, 201));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderRegisterPage();

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.registered);
    // Once: no toast repeats it.
    expect(screen.getAllByText(MESSAGES.registered)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(DELAYS_MS.postRegistration - 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/register');
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth/login'));
  });
});

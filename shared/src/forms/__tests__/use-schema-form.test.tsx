import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ChangeOwnPasswordBody } from '../../contract';
import { MESSAGES } from '../../config/messages';
import { Field } from '../field';
import { useSchemaForm, type SchemaFormOptions } from '../use-schema-form';

interface Values {
  current: string;
  next: string;
  again: string;
}

type Options = SchemaFormOptions<Values, typeof ChangeOwnPasswordBody, unknown>;

function PasswordForm(props: Partial<Options> & Pick<Options, 'send'>) {
  const form = useSchemaForm<Values, typeof ChangeOwnPasswordBody>({
    schema: ChangeOwnPasswordBody,
    defaultValues: { current: '', next: '', again: '' },
    toBody: (values) => ({ current_password: values.current, new_password: values.next.trim() }),
    fieldOf: { current_password: 'current', new_password: 'next' },
    messages: { new_password: 'Too short.' },
    check: (values) =>
      values.again === values.next ? null : { field: 'again', text: 'They differ.' },
    serverFields: ['current_password', 'new_password'],
    ...props,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-busy={form.busy}>
      <Field label="Current" {...form.field('current')} />
      <Field label="New" {...form.field('next')} />
      <Field label="Again" {...form.field('again')} />
      {form.formError ? <p role="status">{form.formError}</p> : null}
      <button type="submit" disabled={form.busy}>
        Save
      </button>
    </form>
  );
}

async function fill(values: Partial<Values>) {
  const user = userEvent.setup();
  if (values.current) await user.type(screen.getByLabelText('Current'), values.current);
  if (values.next) await user.type(screen.getByLabelText('New'), values.next);
  if (values.again) await user.type(screen.getByLabelText('Again'), values.again);
  return user;
}

describe('useSchemaForm', () => {
  it("checks the body against the contract's schema, in the form's words, without sending", async () => {
    const send = jest.fn();
    render(<PasswordForm send={send} />);
    const user = await fill({ current: 'old', next: 'short  ', again: 'short  ' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too short.');
    expect(screen.getByLabelText('New')).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it("says the API's sentence for a refused field the form gives no text for", async () => {
    render(<PasswordForm send={jest.fn()} messages={{}} />);
    const user = await fill({ current: 'old', next: 'short', again: 'short' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidField('password'));
  });

  it('runs the extra check once the schema passes, and typing takes the error away', async () => {
    render(<PasswordForm send={jest.fn()} />);
    const user = await fill({ current: 'old', next: 'long enough', again: 'long enougg' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('They differ.');
    await user.type(screen.getByLabelText('Again'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows only the first problem when asked to', async () => {
    render(
      <PasswordForm
        send={jest.fn()}
        firstOnly
        schema={ChangeOwnPasswordBody}
        toBody={() => ({ current_password: 'x'.repeat(200), new_password: '' })}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Current')).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells a refused body field that no input shows under the form', async () => {
    render(
      <PasswordForm
        send={jest.fn()}
        fieldOf={{ new_password: 'next' }}
        toBody={() => ({ current_password: 'x'.repeat(200), new_password: 'long enough' })}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.invalidRequest);
  });

  it('sends the body once, however often Save is pressed while in flight', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const send = jest.fn(() => new Promise((resolve) => (finish = resolve)));
    const onSent = jest.fn();
    render(<PasswordForm send={send} onSent={onSent} />);
    await fill({ current: 'old', next: ' long enough ', again: ' long enough ' });
    const button = screen.getByRole('button', { name: 'Save' });
    // Both clicks before React re-renders: only the in-flight guard can stop the second.
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(button).toBeDisabled());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      { current_password: 'old', new_password: 'long enough' },
      expect.objectContaining({ current: 'old' }),
    );
    finish('done');
    await waitFor(() => expect(button).toBeEnabled());
    expect(onSent).toHaveBeenCalledWith('done', expect.anything());
  });

  it("maps the server's field lists onto the fields through describeError", async () => {
    const failure = {
      status: 400,
      data: { error: 'No.', current_password: ['The current password is not right.'] },
    };
    const onFailed = jest.fn();
    render(<PasswordForm send={() => Promise.reject(failure)} onFailed={onFailed} />);
    const user = await fill({ current: 'old', next: 'long enough', again: 'long enough' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is not right.',
    );
    expect(screen.getByLabelText('Current')).toHaveAttribute('aria-invalid', 'true');
    expect(onFailed).toHaveBeenCalledWith(
      { text: 'The current password is not right.', field: 'current_password' },
      failure,
    );
  });

  it('puts a failure no field owns under the form, and holds the form busy as asked', async () => {
    jest.useFakeTimers();
    try {
      render(
        <PasswordForm
          send={() => Promise.reject({ status: 'FETCH_ERROR', error: 'down' })}
          holdAfterFailureMs={3000}
        />,
      );
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByLabelText('Current'), 'old');
      await user.type(screen.getByLabelText('New'), 'long enough');
      await user.type(screen.getByLabelText('Again'), 'long enough');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.noInternet);
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      act(() => jest.advanceTimersByTime(3000));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    } finally {
      jest.useRealTimers();
    }
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LostBody } from '../../contract';
import { ReasonDialog, type ReasonDialogProps } from '../reason-dialog';

// jsdom has <dialog> but not its modal methods; these do what the browser does for the tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

function renderDialog(props: Partial<ReasonDialogProps> = {}) {
  const onConfirm = jest.fn();
  render(
    <ReasonDialog
      open
      title="Why?"
      legend="Reason"
      reasons={['Broken']}
      otherLabel="Other reason"
      requiredText="Say why."
      reasonSchema={LostBody.properties.reason}
      confirmLabel="Go"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onClose={jest.fn()}
      {...props}
    />,
  );
  return onConfirm;
}

describe('ReasonDialog', () => {
  it('asks first for what else must be chosen, then for a reason', async () => {
    let chosen = false;
    const onConfirm = renderDialog({ problem: () => (chosen ? null : 'Choose one.') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one.');
    chosen = true;
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Say why.'));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('asks for a reason when none is picked', async () => {
    const onConfirm = renderDialog();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why.');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("takes the user's own words, trimmed, up to the schema's length", async () => {
    const onConfirm = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Other reason' }));
    const words = screen.getByRole('textbox', { name: 'Other reason' });
    expect(words).toHaveAttribute('maxLength', '200');
    await user.type(words, '  Dropped it ');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Dropped it'));
  });

  it('says a failed call in the dialog', async () => {
    renderDialog({
      onConfirm: () => Promise.reject({ status: 400, data: { error: 'Too late.' } }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Broken' }));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too late.');
    expect(screen.getByRole('button', { name: 'Go' })).toBeEnabled();
  });
});

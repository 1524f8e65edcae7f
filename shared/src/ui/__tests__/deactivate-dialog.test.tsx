import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SHOP_ADMIN_MESSAGES as TEXT } from '../../config/shop-admin-messages';
import type { Shop } from '../../types';
import { DeactivateDialog } from '../deactivate-dialog';

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

const shop: Shop = {
  id: 7,
  name: 'Green Cup',
  email: 'green@shop.test',
  phone: '123',
  logo: null,
  created_date: '2025-01-01T00:00:00.000Z',
  status: 'active',
  x_gis: null,
  y_gis: null,
};

describe('DeactivateDialog', () => {
  it('requires a reason before it confirms', async () => {
    const onConfirm = jest.fn();
    render(<DeactivateDialog shop={shop} busy={false} onConfirm={onConfirm} onClose={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateConfirm }));
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.deactivateReasonRequired);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with a common reason', async () => {
    const onConfirm = jest.fn();
    render(<DeactivateDialog shop={shop} busy={false} onConfirm={onConfirm} onClose={jest.fn()} />);
    expect(screen.getByRole('heading', { name: TEXT.deactivateTitle('Green Cup') })).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: TEXT.deactivateReasons[0] }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateConfirm }));
    expect(onConfirm).toHaveBeenCalledWith(TEXT.deactivateReasons[0]);
  });

  it("confirms with the super admin's own words, trimmed, and refuses blank ones", async () => {
    const onConfirm = jest.fn();
    render(<DeactivateDialog shop={shop} busy={false} onConfirm={onConfirm} onClose={jest.fn()} />);
    await userEvent.click(screen.getByRole('radio', { name: TEXT.deactivateOtherReason }));
    const text = screen.getByRole('textbox', { name: TEXT.deactivateOtherReason });
    await userEvent.type(text, '   ');
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateConfirm }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(text, 'Moved away  ');
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateConfirm }));
    expect(onConfirm).toHaveBeenCalledWith('Moved away');
  });

  it('cancels without confirming', async () => {
    const onConfirm = jest.fn();
    const onClose = jest.fn();
    render(<DeactivateDialog shop={shop} busy={false} onConfirm={onConfirm} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: TEXT.deactivateCancel }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

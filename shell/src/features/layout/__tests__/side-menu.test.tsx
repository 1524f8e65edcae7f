import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@panel/shared';
import { renderWithProviders } from '@panel/shared/testing';

import { SideMenu } from '../side-menu';

describe('SideMenu', () => {
  afterEach(() => jest.useRealTimers());

  it('titles the shop menu Admin and lists Requests only there', () => {
    renderWithProviders(<SideMenu role="shop" open={false} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^\W*Loans$/ })).toHaveAttribute('href', '/loan');
  });

  it('titles the provider menu Super admin, without Loans or Requests', () => {
    renderWithProviders(<SideMenu role="provider" open={false} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Super admin' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Loans/ })).toBeNull();
    expect(screen.getByRole('link', { name: /QR generator/ })).toHaveAttribute('href', '/qr');
  });

  it('reveals the group items one at a time, 300 ms apart', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<SideMenu role="shop" open={false} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: new RegExp(MESSAGES.menuRequestsGroup) }));
    const group = within(document.getElementById('menu-group-requests') as HTMLElement);
    const visible = () => group.queryAllByRole('link').length;
    expect(visible()).toBe(1);
    act(() => jest.advanceTimersByTime(299));
    expect(visible()).toBe(1);
    act(() => jest.advanceTimersByTime(1));
    expect(visible()).toBe(2);
    act(() => jest.advanceTimersByTime(600));
    expect(visible()).toBe(4);
  });

  it('closes when an item is chosen', async () => {
    const onClose = jest.fn();
    renderWithProviders(<SideMenu role="shop" open onClose={onClose} />);
    await userEvent.click(screen.getByRole('link', { name: /Support/ }));
    expect(onClose).toHaveBeenCalled();
  });
});

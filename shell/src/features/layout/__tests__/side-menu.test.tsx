import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@panel/shared';
import { api } from '@panel/shared/data';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { SideMenu } from '../side-menu';

describe('SideMenu', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('titles the shop menu Admin and lists Requests only there', () => {
    renderWithProviders(<SideMenu role="shop" open={false} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^\W*Loans$/ })).toHaveAttribute('href', '/loan');
  });

  it('titles the provider menu Super admin, without Loans or Requests', () => {
    loginAs('provider');
    mockApi({ '/pack/container-requests': () => jsonResponse([], 200, { 'X-Total-Count': '0' }) });
    renderWithProviders(<SideMenu role="provider" open={false} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Super admin' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Loans/ })).toBeNull();
    expect(screen.getByRole('link', { name: /QR generator/ })).toHaveAttribute('href', '/qr');
    expect(screen.getByRole('link', { name: /Audit log/ })).toHaveAttribute('href', '/audit');
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
    act(() => jest.advanceTimersByTime(300));
    expect(visible()).toBe(3);
    act(() => jest.advanceTimersByTime(300));
    expect(visible()).toBe(4);
  });

  it('is inert while off-screen, and takes the focus and closes on Escape when opened', async () => {
    const onClose = jest.fn();
    const { rerender } = renderWithProviders(
      <SideMenu role="shop" open={false} onClose={onClose} />,
    );
    const nav = screen.getByRole('navigation', { hidden: true });
    expect(nav).toHaveAttribute('inert');
    rerender(<SideMenu role="shop" open onClose={onClose} />);
    expect(nav).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('is never inert where it is fixed beside the page', () => {
    renderWithProviders(<SideMenu role="shop" open={false} fixed onClose={() => {}} />);
    expect(screen.getByRole('navigation')).not.toHaveAttribute('inert');
  });

  it('closes when an item is chosen', async () => {
    const onClose = jest.fn();
    renderWithProviders(<SideMenu role="shop" open onClose={onClose} />);
    await userEvent.click(screen.getByRole('link', { name: /Support/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the super admin how many requests are pending, as text too', async () => {
    loginAs('provider');
    const fetchMock = mockApi({
      '/pack/container-requests': () => jsonResponse([{}], 200, { 'X-Total-Count': '3' }),
    });
    renderWithProviders(<SideMenu role="provider" open={false} onClose={() => {}} />);
    const group = screen.getByRole('button', { name: new RegExp(MESSAGES.menuRequestsGroup) });
    await waitFor(() => expect(group).toHaveAccessibleName(/3 pending$/));
    const url = new URL((fetchMock.mock.calls[0]?.[0] as Request).url);
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'PENDING', limit: '1' });
  });

  it('refreshes the count when a decision invalidates the requests', async () => {
    loginAs('provider');
    let pending = 3;
    mockApi({
      '/pack/container-requests': () => jsonResponse([], 200, { 'X-Total-Count': String(pending) }),
    });
    const { store } = renderWithProviders(
      <SideMenu role="provider" open={false} onClose={() => {}} />,
    );
    const group = screen.getByRole('button', { name: new RegExp(MESSAGES.menuRequestsGroup) });
    await waitFor(() => expect(group).toHaveAccessibleName(/3 pending$/));
    pending = 2;
    act(() => {
      store.dispatch(api.util.invalidateTags(['Request']));
    });
    await waitFor(() => expect(group).toHaveAccessibleName(/2 pending$/));
  });

  it('shows at most three digits but says the whole count', async () => {
    loginAs('provider');
    mockApi({
      '/pack/container-requests': () => jsonResponse([], 200, { 'X-Total-Count': '10002' }),
    });
    renderWithProviders(<SideMenu role="provider" open={false} onClose={() => {}} />);
    const group = screen.getByRole('button', { name: new RegExp(MESSAGES.menuRequestsGroup) });
    await waitFor(() => expect(group).toHaveAccessibleName(/ 10,002 pending$/));
    expect(within(group).getByText('999+')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives the shop no badge and asks nothing', () => {
    loginAs('shop');
    const fetchMock = mockApi({});
    renderWithProviders(<SideMenu role="shop" open={false} onClose={() => {}} />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

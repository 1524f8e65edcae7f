import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@panel/shared/data';
import { AUDIT_MESSAGES, type AuditEntry } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { RecentActivity } from '../components/recent-activity';

const TEXT = AUDIT_MESSAGES;

const entry = (
  id: number,
  action: AuditEntry['action'],
  actor: AuditEntry['actor'],
): AuditEntry => ({
  id,
  at: '2025-03-01T10:00:00.000Z',
  actor,
  action,
  target: { kind: 'shop', id: 7, label: 'Green Cup' },
  shop_id: 7,
  address: '10.0.0.9',
  user_agent: 'Firefox',
  details: {},
});
const SHOP = { id: 7, role: 'shop' as const, name: 'Green Cup' };

afterEach(() => jest.restoreAllMocks());

describe('the recent activity on the profile', () => {
  it("lists the shop's sign-ins and decisions, pages them, and opens one", async () => {
    const user = userEvent.setup();
    loginAs('shop', 7);
    const pages: string[] = [];
    mockApi({
      '/shops/activity': (request: Request) => {
        const offset = new URL(request.url).searchParams.get('offset') ?? '0';
        pages.push(offset);
        const items =
          offset === '0'
            ? [
                entry(12, 'request.deny', { id: null, role: 'super_admin', name: null }),
                entry(11, 'login.failure', { id: null, role: 'anonymous', name: null }),
              ]
            : [entry(1, 'login.success', SHOP)];
        return jsonResponse(items, 200, { 'X-Total-Count': '11' });
      },
    });
    renderWithProviders(<RecentActivity />);
    const list = await screen.findByRole('list', { name: TEXT.activityTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual(['Request denied 12', 'Sign-in failed 11']);
    // The provider's staff by role only; no target line: it is the shop itself.
    expect(within(list).getByText('Super admin')).toBeVisible();
    expect(within(list).queryByText('Green Cup')).toBeNull();

    const failed = within(list).getByRole('listitem', { name: 'Sign-in failed 11' });
    await user.click(within(failed).getByRole('button', { name: TEXT.showDetails }));
    expect(within(failed).getByText('10.0.0.9')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('listitem', { name: 'Signed in 1' })).toBeVisible();
    expect(pages).toEqual(['0', '10']);
  });

  it('says it is being read again while a live event reloads it', async () => {
    loginAs('shop', 7);
    let release = () => {};
    let reads = 0;
    mockApi({
      '/shops/activity': async () => {
        reads += 1;
        if (reads > 1) await new Promise<void>((resolve) => (release = resolve));
        return jsonResponse([entry(reads, 'login.success', SHOP)], 200, {
          'X-Total-Count': '1',
        });
      },
    });
    const { store } = renderWithProviders(<RecentActivity />);
    const list = await screen.findByRole('list', { name: TEXT.activityTitle });
    expect(list).toHaveAttribute('aria-busy', 'false');
    // As the live feed does when the shop's activity changes.
    act(() => {
      store.dispatch(api.util.invalidateTags(['Audit']));
    });
    await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'true'));
    release();
    expect(await screen.findByRole('listitem', { name: 'Signed in 2' })).toBeVisible();
    expect(screen.getByRole('list', { name: TEXT.activityTitle })).toHaveAttribute(
      'aria-busy',
      'false',
    );
  });

  it('says when there is nothing yet, and when it could not load', async () => {
    loginAs('shop', 7);
    mockApi({ '/shops/activity': () => jsonResponse([], 200, { 'X-Total-Count': '0' }) });
    const { unmount } = renderWithProviders(<RecentActivity />);
    expect(await screen.findByText(TEXT.activityEmpty)).toBeVisible();
    unmount();
    jest.restoreAllMocks();
    mockApi({ '/shops/activity': () => jsonResponse({ error: 'Database away' }, 500) });
    renderWithProviders(<RecentActivity />);
    expect(await screen.findByText(TEXT.activityFailed)).toBeVisible();
  });
});

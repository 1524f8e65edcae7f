import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@panel/shared';
import { AUDIT_MESSAGES, type AuditEntry } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderRoutes } from '@panel/shared/testing';

import AuditPage from '../../../exposed/audit-page';

const TEXT = AUDIT_MESSAGES;

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: `2025-03-0${(id % 9) + 1}T10:00:00.000Z`,
  actor: { id: 4, role: 'shop', name: 'Green Cup' },
  action: 'login.success',
  target: { kind: 'shop', id: 4, label: 'Green Cup' },
  shop_id: 4,
  address: '10.0.0.9',
  user_agent: 'Firefox',
  details: {},
  ...overrides,
});

const PROFILE = entry(3, {
  action: 'shop.profile_update',
  details: {
    changes: {
      name: { before: 'Green', after: 'Green Cup' },
      logo: { before: null, after: 'sha256:abc' },
    },
  },
});
const DECISION = entry(2, {
  action: 'request.approve',
  actor: { id: 1, role: 'super_admin', name: 'admin@panel.dev' },
  target: { kind: 'request', id: 9, label: 'Request 9 (Green Cup)' },
  details: { reason: 'admin', lines: [{ type: 'cup', asked: 3, approved: 2 }] },
});

/** Answers GET /audit from `entries` as the API would: filtered by action, 25 a page, CSV too. */
function setup(entries: AuditEntry[]) {
  loginAs('provider');
  const spy = mockApi({
    '/audit': (request: Request) => {
      const query = new URL(request.url).searchParams;
      const action = query.get('action');
      const matching = entries.filter((e) => !action || e.action === action);
      if (query.get('format') === 'csv') {
        const rows = matching.map((e) => `${e.id},${e.action}`);
        return new Response(['id,action', ...rows].join('\r\n'), {
          headers: { 'content-type': 'text/csv' },
        });
      }
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 25);
      return jsonResponse(matching.slice(offset, offset + limit), 200, {
        'X-Total-Count': String(matching.length),
      });
    },
  });
  return spy;
}

const auditQueries = (spy: jest.SpyInstance) =>
  spy.mock.calls
    .map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname.endsWith('/audit'))
    .map((url) => url.searchParams);

const open = (route: string = PATHS.audit) =>
  renderRoutes({ [PATHS.audit]: <AuditPage /> }, { route });

afterEach(() => jest.restoreAllMocks());

describe('the audit page', () => {
  it('lists the entries newest first with who did what', async () => {
    setup([PROFILE, DECISION, entry(1)]);
    open();
    const list = await screen.findByRole('list', { name: TEXT.listLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Profile changed 3',
      'Request approved 2',
      'Signed in 1',
    ]);
    expect(
      within(items[1] as HTMLElement).getByText('Super admin · admin@panel.dev'),
    ).toBeVisible();
    expect(screen.getByText(/1–3 of 3 entries/)).toBeVisible();
  });

  it('sends the filters in the address, and a changed action goes to the address and the list', async () => {
    const user = userEvent.setup();
    const spy = setup([PROFILE, DECISION, entry(1)]);
    open('/audit?shop=4&from=2025-03-01&actor=5&actor_role=nobody&page=x');
    await screen.findByRole('list', { name: TEXT.listLabel });
    const first = auditQueries(spy)[0];
    // An unknown role is not sent, and so neither is the actor id that needs it.
    expect(Object.fromEntries(first?.entries() ?? [])).toEqual({
      shop: '4',
      from: '2025-03-01',
      limit: '25',
      offset: '0',
    });
    expect(screen.getByLabelText(TEXT.shop)).toHaveValue('4');

    await user.selectOptions(screen.getByLabelText(TEXT.action), 'Request approved');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/audit?shop=4&from=2025-03-01&actor=5&actor_role=nobody&action=request.approve',
      ),
    );
    const list = screen.getByRole('list', { name: TEXT.listLabel });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(auditQueries(spy).at(-1)?.get('action')).toBe('request.approve');
  });

  it('opens a profile change to its before and after, other entries to their JSON', async () => {
    const user = userEvent.setup();
    setup([PROFILE, DECISION]);
    open();
    const profile = await screen.findByRole('listitem', { name: 'Profile changed 3' });
    await user.click(within(profile).getByRole('button', { name: TEXT.showDetails }));
    const table = within(profile).getByRole('table');
    expect(within(table).getByRole('row', { name: 'Name Green Green Cup' })).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Logo (SHA-256) — sha256:abc' })).toBeVisible();
    expect(within(profile).getByText('10.0.0.9')).toBeVisible();

    const decision = screen.getByRole('listitem', { name: 'Request approved 2' });
    await user.click(within(decision).getByRole('button', { name: TEXT.showDetails }));
    expect(within(decision).getByLabelText(TEXT.detailsJson)).toHaveTextContent('"approved": 2');
    await user.click(within(decision).getByRole('button', { name: TEXT.hideDetails }));
    expect(within(decision).queryByLabelText(TEXT.detailsJson)).toBeNull();
  });

  it('pages through the entries, the page in the address', async () => {
    const user = userEvent.setup();
    const spy = setup(Array.from({ length: 30 }, (_, i) => entry(30 - i)));
    open();
    await screen.findByText(/1–25 of 30 entries/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/26–30 of 30 entries/);
    expect(screen.getByTestId('location')).toHaveTextContent('/audit?page=2');
    expect(auditQueries(spy).at(-1)?.get('offset')).toBe('25');
  });

  it('downloads exactly the filtered entries as CSV', async () => {
    const user = userEvent.setup();
    let saved: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const spy = setup([PROFILE, DECISION, entry(1)]);
    open('/audit?action=login.success');
    await screen.findByText(/1–1 of 1 entries/);
    await user.click(screen.getByRole('button', { name: TEXT.downloadCsv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = auditQueries(spy).find((query) => query.get('format') === 'csv');
    expect(Object.fromEntries(csv?.entries() ?? [])).toEqual({
      action: 'login.success',
      format: 'csv',
    });
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved as Blob);
    });
    expect(text.replace(/^\uFEFF/, '')).toBe('id,action\r\n1,login.success');
  });

  it('says when nothing matches', async () => {
    setup([]);
    open('/audit?action=loan.lend');
    expect(await screen.findByText(TEXT.empty)).toBeVisible();
    expect(screen.getByRole('button', { name: TEXT.downloadCsv })).toBeDisabled();
  });
});

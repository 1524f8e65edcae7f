import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, PATHS, type Loan } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import {
  jsonResponse,
  loginAs,
  mockApi,
  renderRoutes,
  renderWithProviders,
} from '@panel/shared/testing';

import { LoansPage } from '../components/loans-page';
import { EXPORT_PAGE } from '../hooks/use-export-loans';

const TEXT = PAGE_MESSAGES.loanWorklist;

// jsdom has <dialog> but not its modal methods; these do what the browser does for the tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('input')?.focus();
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => jest.restoreAllMocks());

const weekly = {
  loans_by_weekday: {},
  type: { cup: 'Coffee cup' },
  shop_pack: 0,
  loans_pack: 0,
  users: 0,
};
const summary = {
  open: 7,
  overdue: 4,
  due_soon: 1,
  no_due_date: 1,
  ageing: { '1-7': 1, '8-14': 0, '15-30': 2, '31+': 1 },
  held_open: 20.5,
  held_overdue: 12,
  lost: 3,
};

function loan(id: number, overrides: Partial<Loan> = {}): Loan {
  return {
    id,
    given_date: '2025-06-01',
    due_date: '2000-01-01',
    returned_date: null,
    client: `Client ${id}`,
    shop: { id: 7, name: 'Green Cafe' },
    containers: [
      {
        code: `C${id}a`,
        container_type: 'cup',
        guarantee_amount: 2,
        returned_at: null,
        lost_at: null,
      },
      {
        code: `C${id}b`,
        container_type: 'cup',
        guarantee_amount: 2,
        returned_at: '2025-06-02',
        lost_at: null,
      },
      {
        code: `C${id}c`,
        container_type: 'cup',
        guarantee_amount: 2,
        returned_at: null,
        lost_at: null,
      },
    ],
    client_phone: '+33 1 23 45 67 89',
    client_email: `c${id}@client.test`,
    held_amount: 4,
    reminders: 0,
    last_reminded_at: null,
    ...overrides,
  };
}

function listUrls(spy: jest.SpyInstance): URL[] {
  return spy.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname.endsWith('/loans/'));
}

function mockWorklist(routes: Record<string, unknown> = {}, rows: Loan[] = [loan(1)]) {
  return mockApi({
    '/pack/containers/loans': () =>
      jsonResponse(rows, 200, { 'X-Total-Count': String(rows.length) }),
    '/pack/containers/loans/summary': summary,
    '/pack/containers/loans_by_weekday': weekly,
    '/shops/shop/info': [{ id: 7, name: 'Green Cafe' }],
    ...routes,
  });
}

describe('the Loans work-list', () => {
  it('shows counts on the filter chips, the ageing buckets and the guarantee held', async () => {
    loginAs('shop');
    const spy = mockWorklist();
    renderWithProviders(<LoansPage />, { route: '/loan' });

    const chips = await screen.findByRole('group', { name: TEXT.filtersLabel });
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['All7', 'Overdue4', 'Due within 3 days1', 'No due date1']),
    );
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    expect(screen.getByText(TEXT.heldOpen).nextSibling).toHaveTextContent(euros.format(20.5));
    expect(screen.getByText(TEXT.heldOverdue).nextSibling).toHaveTextContent(euros.format(12));
    expect(screen.getByText(TEXT.lostCount).nextSibling).toHaveTextContent('3');
    const ageing = screen.getByRole('region', { name: TEXT.ageingTitle });
    expect(
      within(ageing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1 1–7 days', '0 8–14 days', '2 15–30 days', '1 more than 30 days']);

    await userEvent.click(within(chips).getByRole('button', { name: /Overdue/ }));
    expect(within(chips).getByRole('button', { name: /Overdue/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(listUrls(spy).at(-1)?.searchParams.get('filter')).toBe('overdue'));
  });

  it('shows the client phone, e-mail and the guarantee still held in the row', async () => {
    loginAs('shop');
    mockWorklist();
    renderWithProviders(<LoansPage />, { route: '/loan' });
    const row = (await screen.findByRole('rowheader', { name: /Client 1/ })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('link', { name: '+33 1 23 45 67 89' })).toHaveAttribute(
      'href',
      'tel:+33123456789',
    );
    expect(within(row).getByRole('link', { name: 'c1@client.test' })).toHaveAttribute(
      'href',
      'mailto:c1@client.test',
    );
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    expect(within(row).getByText(euros.format(4))).toBeInTheDocument();
  });

  it('searches after a pause in typing, with one call for the whole word', async () => {
    loginAs('shop');
    const spy = mockWorklist();
    renderWithProviders(<LoansPage />, { route: '/loan' });
    await screen.findByRole('rowheader', { name: /Client 1/ });
    await userEvent.type(screen.getByRole('searchbox', { name: TEXT.searchLabel }), 'C1a');
    await waitFor(() => expect(listUrls(spy).at(-1)?.searchParams.get('search')).toBe('C1a'));
    expect(listUrls(spy).filter((url) => url.searchParams.has('search'))).toHaveLength(1);
  });

  it('sorts by a column heading, says so with aria-sort, and turns the order round', async () => {
    loginAs('shop');
    const spy = mockWorklist();
    renderWithProviders(<LoansPage />, { route: '/loan' });
    const header = (name: string) => screen.getByRole('columnheader', { name }) as HTMLElement;
    await screen.findByRole('rowheader', { name: /Client 1/ });
    expect(header('Date')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Dead line')).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(within(header('Dead line')).getByRole('button'));
    expect(header('Dead line')).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(listUrls(spy).at(-1)?.search).toContain('sort=due&order=asc'));
    await userEvent.click(within(header('Dead line')).getByRole('button'));
    expect(header('Dead line')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(listUrls(spy).at(-1)?.search).toContain('sort=client&order=asc'));
  });

  it('sends a reminder, then says the one-a-day limit in the row', async () => {
    loginAs('shop');
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    jest.spyOn(notify, 'error').mockImplementation(() => 0);
    let reminded = false;
    const limit = 'This client was reminded less than a day ago; one reminder a day per loan.';
    const spy = mockWorklist({
      '/pack/containers/loans': () =>
        jsonResponse(
          [
            reminded
              ? loan(1, { reminders: 1, last_reminded_at: '2025-06-10T09:00:00Z' })
              : loan(1),
          ],
          200,
          { 'X-Total-Count': '1' },
        ),
      '/pack/containers/loans/1/remind': () => {
        if (reminded) return jsonResponse({ error: limit }, 409);
        reminded = true;
        return jsonResponse(loan(1, { reminders: 1 }));
      },
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });
    await userEvent.click(await screen.findByRole('button', { name: TEXT.sendReminder }));
    expect(await screen.findByText('Reminded 1× · last 10 Jun 2025')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(TEXT.reminderSent('Client 1'));
    const remind = spy.mock.calls
      .map(([input]) => input as Request)
      .find((request) => request.url.endsWith('/remind'));
    expect(remind?.method).toBe('POST');
    expect(remind?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await userEvent.click(screen.getByRole('button', { name: TEXT.sendReminder }));
    expect(await screen.findByRole('status')).toHaveTextContent(limit);
  });

  it('offers no reminder for a loan without an e-mail or not overdue', async () => {
    loginAs('shop');
    mockWorklist({}, [loan(1, { client_email: null }), loan(2, { due_date: '2999-01-01' })]);
    renderWithProviders(<LoansPage />, { route: '/loan' });
    await screen.findByRole('rowheader', { name: /Client 2/ });
    expect(screen.queryByRole('button', { name: TEXT.sendReminder })).not.toBeInTheDocument();
  });

  it('Mark returned opens the take-back page with the codes still out', async () => {
    loginAs('shop');
    mockWorklist();
    renderRoutes({ [PATHS.loan]: <LoansPage /> }, { route: '/loan' });
    await userEvent.click(await screen.findByRole('link', { name: TEXT.markReturned }));
    expect(screen.getByTestId('location')).toHaveTextContent('/take-back?codes=C1a,C1c');
  });

  it('Lost asks which containers and why, both required; Escape closes it', async () => {
    loginAs('shop');
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const spy = mockWorklist({
      '/pack/containers/loans/1/lost': () => jsonResponse(loan(1, { held_amount: 2 })),
    });
    renderWithProviders(<LoansPage />, { route: '/loan' });
    const open = await screen.findByRole('button', { name: TEXT.lost });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: TEXT.lostTitle('Client 1') });
    // Only what is still out; C1b came back.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['C1a Coffee cup', 'C1c Coffee cup']);
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.lostConfirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(TEXT.lostReasonRequired);

    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(open).toHaveFocus();

    await userEvent.click(open);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /C1c/ }));
    await userEvent.click(within(dialog).getByRole('radio', { name: TEXT.lostOtherReason }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: TEXT.lostOtherReason }),
      'Dog ate it',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: TEXT.lostConfirm }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    const sent = spy.mock.calls
      .map(([input]) => input as Request)
      .find((request) => request.url.endsWith('/lost'));
    expect(await sent?.json()).toEqual({ codes: ['C1a'], reason: 'Dog ate it' });
  });

  it('keeps Tab inside the Lost dialog', async () => {
    loginAs('shop');
    mockWorklist();
    renderWithProviders(<LoansPage />, { route: '/loan' });
    await userEvent.click(await screen.findByRole('button', { name: TEXT.lost }));
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: TEXT.lostConfirm });
    confirm.focus();
    await userEvent.tab();
    expect(within(dialog).getAllByRole('checkbox')[0]).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('exports every page of what the view shows as CSV', async () => {
    loginAs('shop');
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:loans';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const total = EXPORT_PAGE + 2;
    const spy = mockWorklist({
      '/pack/containers/loans': (request: Request) => {
        const params = new URL(request.url).searchParams;
        const limit = Number(params.get('limit'));
        const offset = Number(params.get('offset'));
        const count = Math.max(0, Math.min(limit, total - offset));
        return jsonResponse(
          Array.from({ length: count }, (_, i) => loan(offset + i + 1)),
          200,
          { 'X-Total-Count': String(total) },
        );
      },
    });
    renderWithProviders(<LoansPage />, {
      route: '/loan?filter=overdue&q=Client&sort=client&order=desc',
    });
    await screen.findByRole('rowheader', { name: /^Client 1 / });
    await userEvent.click(screen.getByRole('button', { name: TEXT.exportCsv }));
    await waitFor(() => expect(blobs).toHaveLength(1));

    const exportCalls = listUrls(spy).filter(
      (url) => url.searchParams.get('limit') === String(EXPORT_PAGE),
    );
    expect(exportCalls.map((url) => url.searchParams.get('offset'))).toEqual([
      '0',
      String(EXPORT_PAGE),
    ]);
    for (const url of exportCalls) {
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        filter: 'overdue',
        search: 'Client',
        sort: 'client',
        order: 'desc',
      });
    }
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
      reader.readAsText(blobs[0] as Blob);
    });
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toBe(TEXT.csvColumns.join(','));
    expect(lines[1]).toBe(
      '1,Client 1,\u2060+33 1 23 45 67 89,c1@client.test,2025-06-01,2000-01-01,3× Coffee cup,C1a C1c,4,0,',
    );
    // 10,002 rows through the store's development checks take a few seconds.
  }, 20_000);
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { type ContainerRequest, LAYOUT, MESSAGES, notify } from '@panel/shared';
import { DECISION_MESSAGES, PAGE_MESSAGES } from '@panel/shared/page-ui';
import {
  jsonResponse,
  loginAs,
  mockApi,
  renderRoutes,
  renderWithProviders,
} from '@panel/shared/testing';

import RequestsPage from '../../../exposed/requests-page';

const TYPES = {
  types: { bottle: 'Bottle 500 ml', cup: 'Cup 350 ml' },
  countries: {},
};

// jsdom has <dialog> but not its modal methods; these do what the browser does for the tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button')?.focus();
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => jest.restoreAllMocks());

function request(id: number, overrides: Partial<ContainerRequest> = {}): ContainerRequest {
  return {
    id,
    status: 'PENDING',
    request_date: '2025-03-14T10:00:00.000Z',
    shop: { id: 7, name: 'Green Cafe' },
    decided_at: null,
    explanation: null,
    sent_at: null,
    received_at: null,
    items: [
      { quantity: 4, container_type: 'cup', approved: null },
      { quantity: 2, container_type: 'bottle', approved: null },
    ],
    ...overrides,
  };
}

function list(rows: ContainerRequest[], total = rows.length) {
  return () => jsonResponse(rows, 200, { 'X-Total-Count': String(total) });
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/requests" element={<RequestsPage />} />
      <Route path="/home" element={<h1>Home page</h1>} />
    </Routes>,
    { route },
  );
}

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Request tabs' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('RequestsPage tabs and roles', () => {
  it('gives the shop Request, Pending, Accepted, Denied and Cancelled, the current one marked', async () => {
    loginAs('shop');
    mockApi({ '/pack/containers/types_and_countries': TYPES });
    renderAt('/requests?page=main');
    expect(tabNames()).toEqual(['Request', 'Pending', 'Accepted', 'Denied', 'Cancelled']);
    expect(screen.getByRole('link', { name: 'Request' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByLabelText('Cup 350 ml')).toHaveValue(0);
  });

  it.each([
    ['shop', '/requests', '/requests?page=main'],
    ['shop', '/requests?page=nope', '/requests?page=main'],
    ['provider', '/requests?page=main', '/requests?page=pending'],
  ] as const)('puts the tab it shows in the address (%s at %s)', async (role, route, shown) => {
    loginAs(role);
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([]),
    });
    renderRoutes({ '/requests': <RequestsPage /> }, { route });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(shown));
  });

  it("shows the super admin's Pending list for page=main, with shop names and Accept/Deny", async () => {
    loginAs('provider');
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([
        request(2),
        request(1, { shop: { id: 8, name: 'Eco Deli' } }),
      ]),
    });
    renderAt('/requests?page=main');
    expect(tabNames()).toEqual(['Requests', 'Accepted', 'Denied']);
    expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
    const cards = await screen.findAllByRole('listitem', { name: /^Request \d+ of/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Green Cafe',
      'Eco Deli',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Mar 14, 2025')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Cup 350 ml')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Deny' })).toBeEnabled();
    expect(screen.queryByLabelText('Cup 350 ml')).not.toBeInTheDocument();

    const url = new URL(
      (
        fetchMock.mock.calls.find(([r]) =>
          (r as Request).url.includes('container-requests'),
        )?.[0] as Request
      ).url,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'PENDING',
      order: 'newest',
      limit: '24',
      offset: '0',
    });
  });

  it('shows the shop its own pending cards with a Pending label, Cancel and no shop name', async () => {
    loginAs('shop', 7);
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(3)]),
    });
    renderAt('/requests?page=pending');
    const card = await screen.findByRole('listitem', { name: 'Request 3' });
    expect(within(card).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.requestPendingLabel)).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([PAGE_MESSAGES.followUp.cancelRequest]);
    const url = (
      fetchMock.mock.calls.find(([r]) =>
        (r as Request).url.includes('container-requests'),
      )?.[0] as Request
    ).url;
    expect(new URL(url).searchParams.get('shop')).toBe('7');
  });

  it.each([
    ['shop', 'accepted', 'APPROVED', MESSAGES.noAcceptedRequests],
    ['shop', 'denied', 'DENIED', MESSAGES.noDeniedRequests],
    ['shop', 'cancelled', 'CANCELLED', PAGE_MESSAGES.followUp.noCancelledRequests],
    ['provider', 'pending', 'PENDING', MESSAGES.noPendingRequests],
  ] as const)('%s %s: asks for %s and shows the empty text', async (role, page, status, text) => {
    loginAs(role);
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([]),
    });
    renderAt(`/requests?page=${page}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    const url = (
      fetchMock.mock.calls.find(([r]) =>
        (r as Request).url.includes('container-requests'),
      )?.[0] as Request
    ).url;
    expect(new URL(url).searchParams.get('status')).toBe(status);
  });

  it('shows a loading indicator until the cards come, whose item lists scroll past 300 px', async () => {
    loginAs('provider');
    let answer: () => void = () => undefined;
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(list([request(4)])());
        }),
    });
    renderAt('/requests?page=pending');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading pending requests');
    await act(async () => answer());
    const card = await screen.findByRole('listitem', { name: 'Request 4 of Green Cafe' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Items' })).toHaveStyle({
      maxHeight: `${LAYOUT.requestCardItemsMaxHeightPx}px`,
    });
  });

  it('draws the decided footers per role: Accepted and Denied with the day', async () => {
    loginAs('provider');
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(5, { status: 'DENIED' })]),
    });
    renderAt('/requests?page=denied');
    const card = await screen.findByRole('listitem', { name: 'Request 5 of Green Cafe' });
    expect(within(card).getByText('2025-03-14')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: MESSAGES.requestDeniedLabel })).toBeDisabled();
  });

  it("gives the shop's Accepted card a disabled Accepted button", async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(6, { status: 'APPROVED' })]),
    });
    renderAt('/requests?page=accepted');
    const card = await screen.findByRole('listitem', { name: 'Request 6' });
    expect(
      within(card).getByRole('button', { name: MESSAGES.requestAcceptedLabel }),
    ).toBeDisabled();
  });

  it('pages with Load more instead of loading the whole tab', async () => {
    loginAs('provider');
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': (r: Request) => {
        const offset = Number(new URL(r.url).searchParams.get('offset'));
        return list(
          Array.from({ length: 24 }, (_, i) => request(10_000 - offset - i)),
          10_000,
        )();
      },
    });
    renderAt('/requests?page=pending');
    expect(await screen.findByText('Showing 24 of 10,000 pending requests')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(await screen.findByText('Showing 48 of 10,000 pending requests')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Request/ })).toHaveLength(48);
    const offsets = fetchMock.mock.calls
      .map(([r]) => new URL((r as Request).url))
      .filter((url) => url.pathname.includes('container-requests'))
      .map((url) => url.searchParams.get('offset'));
    expect(offsets).toEqual(['0', '24']);
  });

  it('toasts a failed load and offers Retry instead of spinning forever', async () => {
    loginAs('provider');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    let fail = true;
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () =>
        fail ? jsonResponse({ error: 'database is down' }, 500) : list([request(1)])(),
    });
    renderAt('/requests?page=pending');
    expect(await screen.findByRole('alert')).toHaveTextContent('database is down');
    expect(error).toHaveBeenCalledWith(`${MESSAGES.loadFailedPrefix}database is down`);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});

const WAREHOUSE = {
  loans_by_container_type: {},
  shop_packs_by_container_type: {},
  provider_stock_by_container_type: { cup: 10, bottle: 1 },
};

/** Opens a card's Accept or Deny dialog. */
async function openDecision(id: number, button: 'Accept' | 'Deny') {
  const card = await screen.findByRole('listitem', { name: `Request ${id} of Green Cafe` });
  await userEvent.click(within(card).getByRole('button', { name: button }));
  return screen.findByRole('dialog', {
    name: button === 'Accept' ? DECISION_MESSAGES.approveTitle : DECISION_MESSAGES.denyTitle,
  });
}

describe('Accept and Deny', () => {
  it('marks the lines the warehouse cannot meet before anyone clicks', async () => {
    loginAs('provider');
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2)]),
      '/pack/containers/loans_and_packs_by_container_type': WAREHOUSE,
    });
    renderAt('/requests?page=pending');
    const card = await screen.findByRole('listitem', { name: 'Request 2 of Green Cafe' });
    expect(await within(card).findByText(DECISION_MESSAGES.warehouseHas(10))).toBeInTheDocument();
    expect(within(card).getByText(DECISION_MESSAGES.warehouseShort(1))).toBeInTheDocument();
    expect(within(card).getByText(DECISION_MESSAGES.cannotMeet)).toBeInTheDocument();
  });

  it('confirms, sends one POST for a double click, blocks the other cards, then toasts', async () => {
    loginAs('provider');
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    let release: () => void = () => undefined;
    const posts: unknown[] = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2), request(1)]),
      '/pack/containers/loans_and_packs_by_container_type': {
        ...WAREHOUSE,
        provider_stock_by_container_type: { cup: 10, bottle: 10 },
      },
      '/pack/containers/2/approve_or_deny': async (r: Request) => {
        posts.push(await r.json());
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse({ message: 'ok', request: request(2, { status: 'APPROVED' }) });
      },
    });
    renderAt('/requests?page=pending');
    const dialog = await openDecision(2, 'Accept');
    await userEvent.dblClick(
      within(dialog).getByRole('button', { name: DECISION_MESSAGES.approveConfirm }),
    );
    const other = screen.getByRole('listitem', { name: 'Request 1 of Green Cafe' });
    expect(within(other).getByRole('button', { name: 'Deny' })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.requestApproved));
    // The whole request: the spec's exact call.
    expect(posts).toEqual([{ approved: true, reason: 'admin' }]);
  });

  it('proposes what the warehouse has on a short line and sends the partial counts', async () => {
    loginAs('provider');
    const posts: unknown[] = [];
    jest.spyOn(notify, 'success').mockImplementation(() => 0);
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2)]),
      '/pack/containers/loans_and_packs_by_container_type': WAREHOUSE,
      '/pack/containers/2/approve_or_deny': async (r: Request) => {
        posts.push(await r.json());
        return jsonResponse({ message: 'ok', request: request(2, { status: 'APPROVED' }) });
      },
    });
    renderAt('/requests?page=pending');
    const card = await screen.findByRole('listitem', { name: 'Request 2 of Green Cafe' });
    await within(card).findByText(DECISION_MESSAGES.warehouseShort(1));
    const dialog = await openDecision(2, 'Accept');
    const cups = within(dialog).getByRole('spinbutton', { name: /Cup/ });
    const bottles = within(dialog).getByRole('spinbutton', { name: /Bottle/ });
    expect(cups).toHaveValue(4);
    expect(bottles).toHaveValue(1);
    await userEvent.clear(cups);
    await userEvent.type(cups, '3');
    await userEvent.click(
      within(dialog).getByRole('button', { name: DECISION_MESSAGES.approveConfirm }),
    );
    await waitFor(() =>
      expect(posts).toEqual([{ approved: true, reason: 'admin', quantities: [3, 1] }]),
    );
  });

  it('refuses counts over what was asked, or all zero, without a call', async () => {
    loginAs('provider');
    const posts: unknown[] = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2)]),
      '/pack/containers/loans_and_packs_by_container_type': WAREHOUSE,
      '/pack/containers/2/approve_or_deny': async (r: Request) => {
        posts.push(await r.json());
        return jsonResponse({ message: 'ok', request: request(2) });
      },
    });
    renderAt('/requests?page=pending');
    const dialog = await openDecision(2, 'Accept');
    const cups = within(dialog).getByRole('spinbutton', { name: /Cup/ });
    const bottles = within(dialog).getByRole('spinbutton', { name: /Bottle/ });
    await userEvent.clear(cups);
    await userEvent.type(cups, '5');
    const approve = within(dialog).getByRole('button', { name: DECISION_MESSAGES.approveConfirm });
    await userEvent.click(approve);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      DECISION_MESSAGES.quantityInvalid(4),
    );
    await userEvent.clear(cups);
    await userEvent.type(cups, '0');
    await userEvent.clear(bottles);
    await userEvent.type(bottles, '0');
    await userEvent.click(approve);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DECISION_MESSAGES.nothingApproved);
    expect(posts).toEqual([]);
  });

  it("toasts the server's error when an approval fails", async () => {
    loginAs('provider');
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const message =
      'Not enough "Cup 350 ml" containers in the provider\'s stock: 4 to approve, 1 available.';
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2)]),
      '/pack/containers/loans_and_packs_by_container_type': WAREHOUSE,
      '/pack/containers/2/approve_or_deny': () => jsonResponse({ error: message }, 409),
    });
    renderAt('/requests?page=pending');
    const dialog = await openDecision(2, 'Accept');
    await userEvent.click(
      within(dialog).getByRole('button', { name: DECISION_MESSAGES.approveConfirm }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(`${MESSAGES.approveFailedPrefix}${message}`),
    );
  });

  it('denies only with a reason, sent as the explanation', async () => {
    loginAs('provider');
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const posts: unknown[] = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([request(2)]),
      '/pack/containers/loans_and_packs_by_container_type': WAREHOUSE,
      '/pack/containers/2/approve_or_deny': async (r: Request) => {
        posts.push(await r.json());
        return jsonResponse({ message: 'ok', request: request(2, { status: 'DENIED' }) });
      },
    });
    renderAt('/requests?page=pending');
    const dialog = await openDecision(2, 'Deny');
    const deny = within(dialog).getByRole('button', { name: DECISION_MESSAGES.denyConfirm });
    await userEvent.click(deny);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(DECISION_MESSAGES.reasonRequired);
    await userEvent.click(
      within(dialog).getByRole('radio', { name: DECISION_MESSAGES.otherReason }),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: DECISION_MESSAGES.otherReasonLabel }),
      'Closed for the holidays.',
    );
    await userEvent.click(deny);
    await waitFor(() => expect(success).toHaveBeenCalledWith(MESSAGES.requestDenied));
    expect(posts).toEqual([
      { approved: false, reason: 'admin', explanation: 'Closed for the holidays.' },
    ]);
  });
});

describe('after the decision', () => {
  it("shows the shop its Denied card's reason", async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': list([
        request(3, { status: 'DENIED', explanation: 'Out of bowls until March.' }),
      ]),
    });
    renderAt('/requests?page=denied');
    const card = await screen.findByRole('listitem', { name: 'Request 3' });
    expect(within(card).getByText('Out of bowls until March.')).toBeInTheDocument();
  });

  it('shows what was approved of what was asked, and the shop marks it received once', async () => {
    loginAs('shop');
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    let received = false;
    const approved = () =>
      request(4, {
        status: 'APPROVED',
        decided_at: '2025-03-15T10:00:00.000Z',
        sent_at: '2025-03-16T10:00:00.000Z',
        received_at: received ? '2025-03-17T10:00:00.000Z' : null,
        items: [
          { quantity: 4, container_type: 'cup', approved: 2 },
          { quantity: 2, container_type: 'bottle', approved: 2 },
        ],
      });
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () => list([approved()])(),
      '/pack/container-requests/4/received': () => {
        received = true;
        return jsonResponse({ message: 'ok', request: approved() });
      },
    });
    renderAt('/requests?page=accepted');
    const card = await screen.findByRole('listitem', { name: 'Request 4' });
    expect(within(card).getByText(DECISION_MESSAGES.approvedOf(2, 4))).toBeInTheDocument();
    expect(within(card).getByText('2025-03-16')).toBeInTheDocument();
    await userEvent.click(
      within(card).getByRole('button', { name: DECISION_MESSAGES.markReceived }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(DECISION_MESSAGES.markedReceived));
    await waitFor(() =>
      expect(
        within(card).queryByRole('button', { name: DECISION_MESSAGES.markReceived }),
      ).toBeNull(),
    );
    expect(within(card).getByText('2025-03-17')).toBeInTheDocument();
  });
});

describe('the main tab: pickers and the confirmation', () => {
  function setup(answer = () => jsonResponse(request(9), 201)) {
    loginAs('shop');
    const bodies: unknown[] = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/request_container': async (r: Request) => {
        bodies.push(await r.json());
        return answer();
      },
    });
    renderAt('/requests?page=main');
    return bodies;
  }

  it('stops plus at 99 and minus at 0, and ignores typed values outside 0–99', async () => {
    setup();
    const cups = await screen.findByLabelText('Cup 350 ml');
    const minus = screen.getByRole('button', { name: 'Fewer Cup 350 ml' });
    const plus = screen.getByRole('button', { name: 'More Cup 350 ml' });
    expect(minus).toBeDisabled();

    await userEvent.clear(cups);
    await userEvent.type(cups, '98');
    expect(cups).toHaveValue(98);
    await userEvent.click(plus);
    expect(cups).toHaveValue(99);
    expect(plus).toBeDisabled();
    await userEvent.type(cups, '9');
    expect(cups).toHaveValue(99);

    await userEvent.clear(cups);
    await userEvent.type(cups, '1');
    await userEvent.click(minus);
    expect(cups).toHaveValue(0);
    expect(minus).toBeDisabled();
    await userEvent.type(cups, '-');
    expect(cups).toHaveValue(0);
  });

  it('opens the dialog only with a total above 0; Escape closes it and focus returns', async () => {
    setup();
    const send = await screen.findByRole('button', { name: MESSAGES.sendRequest });
    expect(send).toBeDisabled();
    expect(screen.getByText(MESSAGES.sendRequestHint)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(send);
    const dialog = screen.getByRole('dialog', { name: MESSAGES.confirmRequestTitle });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('Cup 350 ml')).toBeInTheDocument();
    expect(within(dialog).getByText('2')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // The browser turns Escape into a cancel, then a close event.
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      (dialog as HTMLDialogElement).close();
    });
    expect(dialog).not.toHaveAttribute('open');
    expect(send).toHaveFocus();

    await userEvent.click(send);
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestNo }));
    expect(dialog).not.toHaveAttribute('open');
    expect(send).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the open dialog', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    const dialog = screen.getByRole('dialog', { name: MESSAGES.confirmRequestTitle });
    const no = within(dialog).getByRole('button', { name: MESSAGES.confirmRequestNo });
    const yes = within(dialog).getByRole('button', { name: MESSAGES.confirmRequestYes });
    expect(no).toHaveFocus();
    await userEvent.tab();
    expect(yes).toHaveFocus();
    await userEvent.tab();
    expect(no).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(yes).toHaveFocus();
  });

  it('sends the chosen lines, toasts, and goes to /home', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const bodies = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.type(screen.getByLabelText('Bottle 500 ml'), '5');
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestYes }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(
      MESSAGES.requestSent,
      expect.objectContaining({ href: '/requests?page=pending&request=9' }),
    );
    expect(bodies).toEqual([
      {
        containers: [
          { container_type: 'bottle', count: 5 },
          { container_type: 'cup', count: 1 },
        ],
      },
    ]);
  });

  it("keeps the quantities and toasts the server's error when sending fails", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    setup(() => jsonResponse({ error: 'Your shop is inactive.' }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestYes }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        `${MESSAGES.requestSendFailedPrefix}Your shop is inactive.`,
      ),
    );
    expect(screen.getByLabelText('Cup 350 ml')).toHaveValue(1);
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
    expect(screen.getByRole('alert')).toHaveTextContent('Your shop is inactive.');
  });

  it("says the API's refusal of the lines under the pickers until they change", async () => {
    const text = 'Unknown container type: cup';
    setup(() => jsonResponse({ error: text, containers: [text] }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestYes }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'More Cup 350 ml' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

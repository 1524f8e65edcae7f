import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { type ContainerRequest, MESSAGES, notify } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import RequestsPage from '../../../exposed/requests-page';

// Requests a shop can follow through (issue 31): cancel, and a Send that got no answer.
const TYPES = { types: { bottle: 'Bottle 500 ml', cup: 'Cup 350 ml' }, countries: {} };

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => jest.restoreAllMocks());

function request(id: number, overrides: Partial<ContainerRequest> = {}): ContainerRequest {
  return {
    id,
    status: 'PENDING',
    request_date: new Date().toISOString(),
    shop: { id: 7, name: 'Green Cafe' },
    decided_at: null,
    explanation: null,
    sent_at: null,
    received_at: null,
    items: [{ quantity: 2, container_type: 'cup', approved: null }],
    ...overrides,
  };
}

const list = (rows: ContainerRequest[]) =>
  jsonResponse(rows, 200, { 'X-Total-Count': String(rows.length) });

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/requests" element={<RequestsPage />} />
      <Route path="/home" element={<h1>Home page</h1>} />
    </Routes>,
    { route },
  );
}

describe("the shop's Cancel", () => {
  it('asks first, then cancels its pending request and toasts', async () => {
    loginAs('shop', 7);
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const posts: string[] = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () => list([request(3)]),
      '/pack/container-requests/3/cancel': (r: Request) => {
        posts.push(r.method);
        return jsonResponse({ message: 'ok', request: request(3, { status: 'CANCELLED' }) });
      },
    });
    renderAt('/requests?page=pending');
    const card = await screen.findByRole('listitem', { name: 'Request 3' });
    await userEvent.click(
      within(card).getByRole('button', { name: PAGE_MESSAGES.followUp.cancelRequest }),
    );
    const dialog = screen.getByRole('dialog', { name: PAGE_MESSAGES.followUp.confirmCancelTitle });
    await userEvent.click(
      within(dialog).getByRole('button', { name: PAGE_MESSAGES.followUp.confirmCancelNo }),
    );
    expect(posts).toEqual([]);
    await userEvent.click(
      within(card).getByRole('button', { name: PAGE_MESSAGES.followUp.cancelRequest }),
    );
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: PAGE_MESSAGES.followUp.confirmCancelYes,
      }),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(PAGE_MESSAGES.followUp.requestCancelled),
    );
    expect(posts).toEqual(['POST']);
  });

  it("toasts the API's sentence when the request was decided meanwhile", async () => {
    loginAs('shop', 7);
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () => list([request(3)]),
      '/pack/container-requests/3/cancel': () =>
        jsonResponse({ error: 'This request was already approved.' }, 409),
    });
    renderAt('/requests?page=pending');
    await userEvent.click(
      await screen.findByRole('button', { name: PAGE_MESSAGES.followUp.cancelRequest }),
    );
    await userEvent.click(
      screen.getByRole('button', { name: PAGE_MESSAGES.followUp.confirmCancelYes }),
    );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        `${PAGE_MESSAGES.followUp.cancelFailedPrefix}This request was already approved.`,
      ),
    );
  });

  it('shows cancelled cards with a Cancelled label and no action', async () => {
    loginAs('shop', 7);
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () => list([request(4, { status: 'CANCELLED' })]),
    });
    renderAt('/requests?page=cancelled');
    const card = await screen.findByRole('listitem', { name: 'Request 4' });
    expect(within(card).getByText(PAGE_MESSAGES.followUp.cancelledLabel)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('marks the request the address names (the sent toast links there)', async () => {
    loginAs('shop', 7);
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/container-requests': () => list([request(5), request(4)]),
    });
    renderAt('/requests?page=pending&request=4');
    expect(await screen.findByRole('listitem', { name: 'Request 4' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('listitem', { name: 'Request 5' })).not.toHaveAttribute('aria-current');
  });
});

describe('a Send that got no answer', () => {
  /** The POSTs' keys, and an answer per POST: 'drop' fails the connection. */
  function setup(answers: Array<'drop' | 'ok'>, pending: () => ContainerRequest[]) {
    loginAs('shop', 7);
    const keys: Array<string | null> = [];
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/request_container': (r: Request) => {
        keys.push(r.headers.get('Idempotency-Key'));
        if (answers.shift() === 'drop') throw new TypeError('Failed to fetch');
        return jsonResponse(request(12), 201);
      },
      '/pack/container-requests': () => list(pending()),
    });
    renderAt('/requests?page=main');
    return keys;
  }

  async function sendTwoCups() {
    await userEvent.click(await screen.findByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: 'More Cup 350 ml' }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestYes }));
  }

  it('finds the request made after all and links to it', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => 0);
    const keys = setup(['drop'], () => [request(12), request(11, { items: [] })]);
    await sendTwoCups();
    expect(await screen.findByText(PAGE_MESSAGES.followUp.foundAfterAll)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_MESSAGES.followUp.viewRequest })).toHaveAttribute(
      'href',
      '/requests?page=pending&request=12',
    );
    expect(screen.getByLabelText('Cup 350 ml')).toHaveValue(0);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(error).not.toHaveBeenCalled();
  });

  it('offers to send again with the same key when it is not there, then goes home', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => 0);
    const keys = setup(['drop', 'ok'], () => [
      request(8, { items: [{ quantity: 9, container_type: 'cup', approved: null }] }),
    ]);
    await sendTwoCups();
    expect(await screen.findByText(PAGE_MESSAGES.followUp.notFoundSendAgain)).toBeInTheDocument();
    expect(screen.getByLabelText('Cup 350 ml')).toHaveValue(2);
    await userEvent.click(screen.getByRole('button', { name: PAGE_MESSAGES.followUp.sendAgain }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(success).toHaveBeenCalledWith(
      MESSAGES.requestSent,
      expect.objectContaining({ href: '/requests?page=pending&request=12' }),
    );
  });

  it('sends a new key once the quantities change', async () => {
    const keys = setup(['drop', 'ok'], () => []);
    await sendTwoCups();
    expect(await screen.findByText(PAGE_MESSAGES.followUp.notFoundSendAgain)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More Bottle 500 ml' }));
    expect(screen.queryByText(PAGE_MESSAGES.followUp.notFoundSendAgain)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.sendRequest }));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.confirmRequestYes }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

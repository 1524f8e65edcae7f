import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTER_MESSAGES, COUNTER } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { type ReturnedItem, type ReturnReply } from '../../../api/counter-types';
import { TakeBackPage } from '../components/take-back-page';

const TYPES = { types: { cup: 'Cup 350 ml' }, countries: {} };

function returned(code: string, overrides: Partial<ReturnedItem['loan']> = {}, otherShop = false) {
  const item: ReturnedItem = {
    code,
    container_type: 'cup',
    loan: {
      id: 5,
      client: otherShop ? null : 'Maria Lopez',
      given_date: '2026-11-10T10:00:00.000Z',
      due_date: '2026-11-20',
      shop: otherShop ? null : { id: 7, name: 'Green Cafe' },
      days_out: 15,
      late: true,
      ...overrides,
    },
    from_other_shop: otherShop,
    loan_completed: true,
  };
  const reply: ReturnReply = { returned: [code], completed_loans: [5], items: [item] };
  return reply;
}

/** Answers each return by its code; `answers` maps a code to a reply, or a status and error. */
function returnRoute(answers: Record<string, ReturnReply | [number, string]>) {
  return async (request: Request) => {
    const { codes } = (await request.clone().json()) as { codes: string[] };
    const answer = answers[codes[0] as string];
    if (!answer) return Promise.reject(new TypeError('Failed to fetch'));
    return Array.isArray(answer)
      ? jsonResponse({ error: answer[1] }, answer[0])
      : jsonResponse(answer);
  };
}

function renderPage() {
  loginAs('shop');
  renderWithProviders(<TakeBackPage />, { route: '/take-back' });
}

const row = (code: string) =>
  within(screen.getByRole('list', { name: COUNTER_MESSAGES.takeBackListTitle })).getByRole(
    'listitem',
    { name: code },
  );

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText(COUNTER_MESSAGES.codeLabel), `${code}{Enter}`);
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('TakeBackPage', () => {
  it("takes back a loan's codes sent by Mark returned, on one click", async () => {
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({ 'C-1': returned('C-1'), 'C-2': returned('C-2') }),
    });
    loginAs('shop');
    renderWithProviders(<TakeBackPage />, { route: '/take-back?codes=C-1,C-2' });
    const user = userEvent.setup();
    // Nothing is taken back by opening the link alone.
    expect(
      fetchMock.mock.calls.filter(([r]) => (r as Request).url.endsWith('/return')),
    ).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.markReturnedButton(2) }));
    expect(await within(row('C-1')).findByText('Maria Lopez')).toBeInTheDocument();
    expect(await within(row('C-2')).findByText('Maria Lopez')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: COUNTER_MESSAGES.markReturnedButton(2) }),
    ).not.toBeInTheDocument();
  });

  it('takes each code back at once and shows the client, the days out and Late', async () => {
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({
        'C-1': returned('C-1'),
        'C-2': returned('C-2', { days_out: 1, late: false }),
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-1');
    expect(await within(row('C-1')).findByText('Maria Lopez')).toBeInTheDocument();
    expect(within(row('C-1')).getByText(COUNTER_MESSAGES.daysOut(15))).toBeInTheDocument();
    expect(within(row('C-1')).getByText(COUNTER_MESSAGES.late)).toBeInTheDocument();
    expect(within(row('C-1')).getByText('Cup 350 ml')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(COUNTER_MESSAGES.announceReturned('C-1'));

    await typeCode(user, 'C-2');
    expect(await within(row('C-2')).findByText(COUNTER_MESSAGES.onTime)).toBeInTheDocument();
    expect(within(row('C-2')).getByText(COUNTER_MESSAGES.daysOut(1))).toBeInTheDocument();

    const returns = fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => r.url.endsWith('/return'));
    expect(returns).toHaveLength(2);
    const keys = returns.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("says a container of another shop's loan joins this shop's stock", async () => {
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({ 'C-9': returned('C-9', {}, true) }),
    });
    renderPage();
    await typeCode(userEvent.setup(), 'C-9');
    expect(await within(row('C-9')).findByText(COUNTER_MESSAGES.otherShopLoan)).toBeInTheDocument();
  });

  it('refuses a code not on loan, an unknown code and a code entered twice, with the reason', async () => {
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({
        'C-1': returned('C-1'),
        'C-3': [409, 'Container(s) not out on loan: C-3'],
        NOPE: [404, 'Unknown container code(s): NOPE'],
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-3');
    expect(
      await within(row('C-3')).findByText(COUNTER_MESSAGES.refusalNotOnLoan),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      COUNTER_MESSAGES.announceRefused('C-3', COUNTER_MESSAGES.refusalNotOnLoan),
    );
    await typeCode(user, 'NOPE');
    expect(
      await within(row('NOPE')).findByText(COUNTER_MESSAGES.refusalUnknown),
    ).toBeInTheDocument();
    await typeCode(user, 'C-1');
    await within(row('C-1')).findByText('Maria Lopez');
    await typeCode(user, 'C-1');
    const rows = screen.getAllByRole('listitem', { name: 'C-1' });
    expect(
      within(rows[0] as HTMLElement).getByText(COUNTER_MESSAGES.refusalTwice),
    ).toBeInTheDocument();
  });

  it('undoes the last take-back', async () => {
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({ 'C-1': returned('C-1') }),
      '/pack/containers/return/undo': { restored: ['C-1'] },
    });
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-1');
    await user.click(await screen.findByRole('button', { name: COUNTER_MESSAGES.undo }));
    expect(await within(row('C-1')).findByText(COUNTER_MESSAGES.undone)).toBeInTheDocument();
    const undo = fetchMock.mock.calls
      .map(([r]) => r as Request)
      .find((r) => r.url.endsWith('/return/undo')) as Request;
    expect(await undo.json()).toEqual({ codes: ['C-1'] });
    expect(screen.queryByRole('button', { name: COUNTER_MESSAGES.undo })).not.toBeInTheDocument();
  });

  it('offers Undo for ten seconds only', async () => {
    jest.useFakeTimers();
    mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute({ 'C-1': returned('C-1') }),
    });
    renderPage();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typeCode(user, 'C-1');
    expect(await screen.findByRole('button', { name: COUNTER_MESSAGES.undo })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(COUNTER.undoWindowMs - 500));
    expect(screen.getByRole('button', { name: COUNTER_MESSAGES.undo })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(600));
    expect(screen.queryByRole('button', { name: COUNTER_MESSAGES.undo })).not.toBeInTheDocument();
  });

  it('queues take-backs that get no answer, sends them in order with their keys, and discards', async () => {
    jest.useFakeTimers();
    const answers: Record<string, ReturnReply | [number, string]> = {};
    const fetchMock = mockApi({
      '/pack/containers/types_and_countries': TYPES,
      '/pack/containers/return': returnRoute(answers),
    });
    renderPage();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typeCode(user, 'C-1');
    expect(
      await screen.findByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(1) }),
    ).toBeInTheDocument();
    expect(within(row('C-1')).getByText(COUNTER_MESSAGES.queued)).toBeInTheDocument();
    await typeCode(user, 'C-2');
    await typeCode(user, 'C-3');
    expect(
      await screen.findByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(3) }),
    ).toBeInTheDocument();
    // The later ones wait behind the first: nothing overtakes it.
    const sentCodes = async () =>
      Promise.all(
        fetchMock.mock.calls
          .map(([r]) => r as Request)
          .filter((r) => r.url.endsWith('/return'))
          .map(async (r) => ({
            code: ((await r.clone().json()) as { codes: string[] }).codes[0],
            key: r.headers.get('Idempotency-Key'),
          })),
      );
    // Each new action tries the first again, never one behind it.
    expect(new Set((await sentCodes()).map((sent) => sent.code))).toEqual(new Set(['C-1']));

    await user.click(
      screen.getByRole('button', {
        name: COUNTER_MESSAGES.discardItem(COUNTER_MESSAGES.queuedReturn('C-2')),
      }),
    );
    expect(within(row('C-2')).getByText(COUNTER_MESSAGES.discarded)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(2) }),
    ).toBeInTheDocument();

    answers['C-1'] = returned('C-1');
    answers['C-3'] = returned('C-3');
    await act(() => jest.advanceTimersByTimeAsync(COUNTER.queueRetryMs));
    expect(await within(row('C-3')).findByText('Maria Lopez')).toBeInTheDocument();
    expect(within(row('C-1')).getByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.queryByText(/^Waiting to send/)).not.toBeInTheDocument();

    const sent = await sentCodes();
    expect(sent.at(-1)?.code).toBe('C-3');
    const firstTries = sent.slice(0, -1);
    expect(firstTries.every((s) => s.code === 'C-1' && s.key === sent[0]?.key)).toBe(true);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COUNTER_MESSAGES, COUNTER, LOAN_DAYS_DEFAULT } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { type CodeCheck, type LentLoan } from '../../../api/counter-types';
import { dayAfter, formatDate, formatMoney } from '../../../utils/format';
import { LendPage } from '../components/lend-page';

const TYPES = { types: { cup: 'Cup 350 ml', box: 'Lunch box' }, countries: {} };

function check(code: string, overrides: Partial<CodeCheck> = {}): CodeCheck {
  return {
    code,
    container_type: 'cup',
    guarantee_amount: 2.5,
    refusal: null,
    loan: null,
    ...overrides,
  };
}

const onLoan = (client: string | null) => ({
  id: 9,
  client,
  given_date: '2026-11-02T10:00:00.000Z',
  due_date: '2026-11-16',
  shop: client ? { id: 7, name: 'Green Cafe' } : null,
  days_out: 3,
  late: false,
});

function loan(codes: string[], client = 'Ann Lee'): LentLoan {
  return {
    id: 41,
    due_date: dayAfter(new Date(), LOAN_DAYS_DEFAULT),
    client,
    containers: codes.map((code, n) => ({
      code,
      container_type: n === 0 ? 'cup' : 'box',
      guarantee_amount: n === 0 ? 2.5 : 4,
    })),
  };
}

function routes(extra: Record<string, unknown> = {}) {
  return {
    '/pack/containers/types_and_countries': TYPES,
    '/pack/containers/clients': { clients: ['Ann Lee', 'Bob Stone'] },
    '/shops/settings': { loan_days: LOAN_DAYS_DEFAULT },
    '/pack/containers/code/C-1': check('C-1'),
    '/pack/containers/code/C-2': check('C-2', { container_type: 'box', guarantee_amount: 4 }),
    ...extra,
  };
}

function renderPage() {
  loginAs('shop');
  renderWithProviders(<LendPage />, { route: '/lend' });
}

const row = (code: string) =>
  within(screen.getByRole('list', { name: COUNTER_MESSAGES.lendListTitle })).getByRole('listitem', {
    name: code,
  });

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(screen.getByLabelText(COUNTER_MESSAGES.codeLabel), `${code}{Enter}`);
}

/** C-1 on the list, checked, and the client named: ready to lend. */
async function oneCupForAnn(user: ReturnType<typeof userEvent.setup>) {
  await typeCode(user, 'C-1');
  await within(row('C-1')).findByText('Cup 350 ml');
  await user.type(screen.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel }), 'Ann Lee');
}

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('LendPage', () => {
  it('lists each typed code at once with its type and guarantee, and announces it', async () => {
    mockApi(routes());
    renderPage();
    const user = userEvent.setup();
    await screen.findByText(COUNTER_MESSAGES.lendListEmpty);
    await typeCode(user, 'C-1');
    expect(await within(row('C-1')).findByText('Cup 350 ml')).toBeInTheDocument();
    expect(within(row('C-1')).getByText(formatMoney(2.5))).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      COUNTER_MESSAGES.announceAdded('C-1', 'Cup 350 ml'),
    );
    expect(screen.getByLabelText(COUNTER_MESSAGES.codeLabel)).toHaveValue('');
  });

  it('shows a slow check that answers after the next code was entered and checked', async () => {
    let answerFirst = () => undefined as void;
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    mockApi(
      routes({
        '/pack/containers/code/C-1': async () => {
          await firstAnswered;
          return jsonResponse(check('C-1'));
        },
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-1');
    await typeCode(user, 'C-2');
    expect(await within(row('C-2')).findByText('Lunch box')).toBeInTheDocument();
    // Nothing is kept for a check: by now C-1's entry would have been dropped.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    answerFirst();
    expect(await within(row('C-1')).findByText('Cup 350 ml')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(2) })).toBeDisabled();
  });

  it.each([
    [
      'unknown',
      check('X-1', { refusal: 'unknown', container_type: null }),
      COUNTER_MESSAGES.refusalUnknown,
    ],
    ['not in stock', check('X-1', { refusal: 'not_in_stock' }), COUNTER_MESSAGES.refusalNotInStock],
    [
      'on loan',
      check('X-1', { refusal: 'on_loan', loan: onLoan('Maria Lopez') }),
      COUNTER_MESSAGES.refusalOnLoan('Maria Lopez', formatDate('2026-11-02T10:00:00.000Z')),
    ],
    [
      "on another shop's loan",
      check('X-1', { refusal: 'on_loan', loan: onLoan(null) }),
      COUNTER_MESSAGES.refusalOnLoanElsewhere(formatDate('2026-11-02T10:00:00.000Z')),
    ],
    ['another shop’s', check('X-1', { refusal: 'other_shop' }), COUNTER_MESSAGES.refusalOtherShop],
  ])('refuses a code that is %s in its row, and it can be removed', async (_name, answer, text) => {
    mockApi(routes({ '/pack/containers/code/X-1': answer }));
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'X-1');
    expect(await within(row('X-1')).findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      COUNTER_MESSAGES.announceRefused('X-1', text),
    );
    expect(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(0) })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.remove('X-1') }));
    expect(screen.getByText(COUNTER_MESSAGES.lendListEmpty)).toBeInTheDocument();
  });

  it('refuses a code scanned twice without asking the API again', async () => {
    const fetchMock = mockApi(routes());
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-1');
    await within(row('C-1')).findByText('Cup 350 ml');
    await typeCode(user, 'C-1');
    const rows = screen.getAllByRole('listitem', { name: 'C-1' });
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1] as HTMLElement).getByText(COUNTER_MESSAGES.refusalTwice),
    ).toBeInTheDocument();
    const checks = fetchMock.mock.calls.filter(([r]) => (r as Request).url.includes('/code/'));
    expect(checks).toHaveLength(1);
    expect(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) })).toBeDisabled();
  });

  it('takes a wedge scan made while the client field has focus, leaving the field alone', async () => {
    jest.useFakeTimers();
    mockApi(routes({ '/pack/containers/code/QR-77': check('QR-77') }));
    renderPage();
    const person = userEvent.setup({ delay: 150, advanceTimers: jest.advanceTimersByTime });
    const scanner = userEvent.setup({ delay: 10, advanceTimers: jest.advanceTimersByTime });
    const client = screen.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel });
    await person.click(client);
    await person.keyboard('Ann');
    await act(() => jest.advanceTimersByTimeAsync(COUNTER.wedgeMaxPauseMs));
    await scanner.keyboard('QR-77{Enter}');
    expect(await within(row('QR-77')).findByText('Cup 350 ml')).toBeInTheDocument();
    expect(client).toHaveValue('Ann');
  });

  it('lends the lendable codes to the client in one call with a key, then shows the receipt', async () => {
    const fetchMock = mockApi(
      routes({
        '/pack/containers/code/X-1': check('X-1', { refusal: 'not_in_stock' }),
        '/pack/containers/lend': () => jsonResponse(loan(['C-1', 'C-2']), 201),
        // The shop's own loan period proposes the due date.
        '/shops/settings': { loan_days: 21 },
      }),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText(COUNTER_MESSAGES.dueIn(21))).toBeInTheDocument();
    const due = screen.getByLabelText(COUNTER_MESSAGES.dueDateLabel);
    expect(due).toHaveValue(dayAfter(new Date(), 21));
    expect(screen.getByText(COUNTER_MESSAGES.loanPeriodHint(21))).toBeInTheDocument();
    for (const code of ['C-1', 'X-1', 'C-2']) await typeCode(user, code);
    await within(row('C-2')).findByText('Lunch box');
    await within(row('X-1')).findByText(COUNTER_MESSAGES.refusalNotInStock);

    const lendButton = screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(2) });
    expect(lendButton).toBeDisabled();
    expect(screen.getByText(COUNTER_MESSAGES.lendNeedsClient)).toBeInTheDocument();
    await user.type(
      screen.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel }),
      'Ann Lee',
    );
    await user.type(screen.getByLabelText(COUNTER_MESSAGES.clientEmailLabel), 'ann@client.test');
    await user.click(lendButton);

    expect(
      await screen.findByRole('heading', { name: COUNTER_MESSAGES.receiptTitle(41) }),
    ).toHaveFocus();
    const sent = fetchMock.mock.calls
      .map(([r]) => r as Request)
      .find((r) => r.url.endsWith('/pack/containers/lend')) as Request;
    expect(await sent.clone().json()).toEqual({
      codes: ['C-1', 'C-2'],
      client: 'Ann Lee',
      due_date: dayAfter(new Date(), 21),
      client_phone: null,
      client_email: 'ann@client.test',
    });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    const receipt = screen.getByRole('region', { name: COUNTER_MESSAGES.receiptTitle(41) });
    expect(within(receipt).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(receipt).getByText('Lunch box')).toBeInTheDocument();
    expect(within(receipt).getByText(formatMoney(6.5))).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(COUNTER_MESSAGES.announceLent(41));

    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.newLoan }));
    expect(screen.getByText(COUNTER_MESSAGES.lendListEmpty)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel })).toHaveValue('');
  });

  it('refuses a client e-mail the API would refuse, on its field, before any lend call', async () => {
    const fetchMock = mockApi(routes());
    renderPage();
    const user = userEvent.setup();
    await oneCupForAnn(user);
    const email = screen.getByLabelText(COUNTER_MESSAGES.clientEmailLabel);
    await user.type(email, 'ann@client');
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) }));
    expect(await screen.findByText(COUNTER_MESSAGES.clientEmailInvalid)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    const lends = fetchMock.mock.calls.filter(([r]) =>
      (r as Request).url.endsWith('/pack/containers/lend'),
    );
    expect(lends).toHaveLength(0);
  });

  it('suggests the shop’s earlier clients', async () => {
    mockApi(routes());
    renderPage();
    await waitFor(() => expect(document.querySelectorAll('datalist option')).toHaveLength(2));
    expect(document.querySelector('datalist option')).toHaveAttribute('value', 'Ann Lee');
  });

  it('shows why a lend was refused and checks the rows again', async () => {
    let lent = false;
    mockApi(
      routes({
        '/pack/containers/code/C-1': () =>
          jsonResponse(
            lent ? check('C-1', { refusal: 'on_loan', loan: onLoan('Zoe') }) : check('C-1'),
          ),
        '/pack/containers/lend': () => {
          lent = true;
          return jsonResponse({ error: 'Container(s) not available for lending: C-1' }, 409);
        },
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await typeCode(user, 'C-1');
    await within(row('C-1')).findByText('Cup 350 ml');
    await user.type(screen.getByRole('combobox', { name: COUNTER_MESSAGES.clientLabel }), 'Ann');
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${COUNTER_MESSAGES.lendFailedPrefix}Container(s) not available for lending: C-1`,
    );
    expect(
      await within(row('C-1')).findByText(/^Already on loan to Zoe since/),
    ).toBeInTheDocument();
  });

  it('keeps a lend that gets no answer in the queue and sends it with the same key later', async () => {
    let reachable = false;
    const fetchMock = mockApi(
      routes({
        '/pack/containers/lend': () =>
          reachable
            ? jsonResponse(loan(['C-1']), 201)
            : Promise.reject(new TypeError('Failed to fetch')),
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await oneCupForAnn(user);
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.lendButton(1) }));

    expect(
      await screen.findByRole('heading', { name: COUNTER_MESSAGES.waitingToSend(1) }),
    ).toBeInTheDocument();
    const label = COUNTER_MESSAGES.queuedLend(1, 'Ann Lee');
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText(COUNTER_MESSAGES.lendQueued)).toBeInTheDocument();
    expect(screen.getByText(COUNTER_MESSAGES.lendListEmpty)).toBeInTheDocument();

    reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await screen.findByRole('heading', { name: COUNTER_MESSAGES.receiptTitle(41) }),
    ).toBeInTheDocument();
    expect(screen.queryByText(label)).not.toBeInTheDocument();
    const keys = fetchMock.mock.calls
      .map(([r]) => r as Request)
      .filter((r) => r.url.endsWith('/lend'))
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it.each([
    ['refused', 'NotAllowedError', COUNTER_MESSAGES.cameraDenied],
    ['missing', 'NotFoundError', COUNTER_MESSAGES.cameraMissing],
  ])('says so when the camera is %s, and typing still works', async (_name, error, text) => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('camera', error)) },
    });
    // The browser's own detector: the test loads no ponyfill and no WebAssembly.
    Object.defineProperty(window, 'BarcodeDetector', {
      configurable: true,
      value: class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = async () => [];
      },
    });
    mockApi(routes());
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.useCamera }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await typeCode(user, 'C-1');
    expect(await within(row('C-1')).findByText('Cup 350 ml')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: COUNTER_MESSAGES.closeCamera }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(window, 'BarcodeDetector');
  });
});

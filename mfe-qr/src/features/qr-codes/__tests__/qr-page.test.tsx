import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LAYOUT, MESSAGES, notify } from '@panel/shared';
import { QR_LABEL_MESSAGES } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import QrPage from '../../../exposed/qr-page';
import { saveFile } from '../../../lib/qr-zip/save-file';

// The worker pool needs a bundler and a browser; here it answers at once.
const build = jest.fn(async (codes: string[]) => ({
  zip: new Blob([codes.join('\n')]),
  lastPng: new Blob([]),
}));
const render = jest.fn(async (codes: string[]) => codes.map(() => new ArrayBuffer(8)));
jest.mock('../../../lib/qr-zip/qr-worker-pool', () => ({
  getQrWorkerPool: () => ({ warm: () => undefined, dispose: () => undefined, build, render }),
}));
jest.mock('../../../lib/qr-zip/save-file', () => ({ saveFile: jest.fn() }));
// Likewise the label worker: pdf-lib's own output is tested in lib/qr-labels.
const buildLabels = jest.fn<Promise<Blob>, [job: unknown, options: unknown]>(
  async () => new Blob(['%PDF-'], { type: 'application/pdf' }),
);
jest.mock('../../../lib/qr-labels/label-worker', () => ({
  getLabelWorker: () => ({ warm: () => undefined, dispose: () => undefined, build: buildLabels }),
}));

const options = {
  types: { bowl: 'Bowl 500 ml', box: 'Lunch box', cup: 'Cup 350 ml' },
  countries: { France: 'France', Germany: 'Germany', Italy: 'Italy', Spain: 'Spain' },
};

beforeAll(() => {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
beforeEach(() => {
  build.mockClear();
  render.mockClear();
  buildLabels.mockClear();
  jest.mocked(saveFile).mockClear();
});
afterEach(() => jest.restoreAllMocks());

function renderPage(routes: Record<string, unknown> = {}) {
  loginAs('provider');
  const fetchMock = mockApi({
    '/pack/containers/types_and_countries': options,
    '/pack/qr-batches': () => jsonResponse([], 200, { 'X-Total-Count': '0' }),
    ...routes,
  });
  renderWithProviders(<QrPage />, { route: '/qr' });
  return fetchMock;
}

const countryButton = () => screen.getByRole('button', { name: /^Country/ });
const typeButton = () => screen.getByRole('button', { name: /^Container model/ });
const download = () => screen.getByRole('button', { name: MESSAGES.qrDownload });

describe('QR page dropdowns', () => {
  it('filters by the lowercased label containing the text as typed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    const search = screen.getByRole('combobox', { name: 'Search Country' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('placeholder', MESSAGES.qrSearchPlaceholder);
    const list = screen.getByRole('listbox', { name: 'Country' });
    expect(list).toHaveStyle({ maxHeight: `${LAYOUT.qrDropdownMaxHeightPx}px` });
    await user.type(search, 'an');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['France', 'Germany']);
    await user.clear(search);
    await user.type(search, 'It');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
  });

  it('keeps only one dropdown open at a time', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    await user.click(typeButton());
    expect(screen.queryByRole('listbox', { name: 'Country' })).not.toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Container model' })).toBeInTheDocument();
    expect(countryButton()).toHaveAttribute('aria-expanded', 'false');
    expect(typeButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('works by keyboard: arrows move, Enter chooses and closes, Escape closes', async () => {
    const user = userEvent.setup();
    renderPage();
    (await screen.findByRole('button', { name: /^Container model/ })).focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('combobox', { name: 'Search Container model' });
    const active = () =>
      document.getElementById(search.getAttribute('aria-activedescendant') as string);
    expect(active()).toHaveTextContent('Bowl 500 ml');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(active()).toHaveTextContent('Lunch box');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(typeButton()).toHaveTextContent('Lunch box');
    expect(typeButton()).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Container model' })).toBeInTheDocument();
    expect(active()).toHaveTextContent('Lunch box');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(typeButton()).toHaveTextContent('Lunch box');
  });
});

describe('QR page Download button', () => {
  async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    await user.click(screen.getByRole('option', { name: 'Spain' }));
    await user.click(typeButton());
    await user.click(screen.getByRole('option', { name: 'Cup 350 ml' }));
  }

  it('is grey until a country, a type and a non-empty, non-zero quantity are chosen', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    expect(download()).toBeDisabled();
    await user.click(screen.getByRole('option', { name: 'Spain' }));
    expect(countryButton()).toHaveTextContent('Spain');
    expect(download()).toBeDisabled();
    await user.click(typeButton());
    await user.click(screen.getByRole('option', { name: 'Cup 350 ml' }));
    expect(download()).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('1 code · Cup 350 ml · Spain');

    const quantity = screen.getByLabelText(MESSAGES.qrQuantityLabel);
    await user.clear(quantity);
    expect(download()).toBeDisabled();
    await user.type(quantity, '0');
    expect(download()).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '-3.5');
    expect(quantity).toHaveValue('35');
    expect(download()).toBeEnabled();
  });

  it('refuses more than 10,000 codes before calling the API', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage();
    await chooseAll(user);
    const quantity = screen.getByLabelText(MESSAGES.qrQuantityLabel);
    await user.clear(quantity);
    await user.type(quantity, '10001{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 10,000 codes per batch.');
    expect(download()).toBeDisabled();
    expect(
      fetchMock.mock.calls.some(([input]) => (input as Request).url.includes('generate_codes')),
    ).toBe(false);
  });

  it('sends country, type key and count, and renders the codes it gets back', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderPage({
      '/pack/containers/generate_codes': async (request: Request) => {
        sent.push(await request.json());
        return jsonResponse({ generated_codes: ['a', 'b', 'c'], batch_id: 4 }, 201);
      },
    });
    await chooseAll(user);
    const quantity = screen.getByLabelText(MESSAGES.qrQuantityLabel);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(download());
    await waitFor(() => expect(build).toHaveBeenCalled());
    expect(sent).toEqual([{ country: 'Spain', type: 'cup', count: 3 }]);
    expect(build.mock.calls[0]?.[0]).toEqual(['a', 'b', 'c']);
  });

  it('logs the spec text and tells the user why when generation fails', async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({
      '/pack/containers/generate_codes': () =>
        jsonResponse({ error: 'Unknown country: Spain' }, 400),
    });
    await chooseAll(user);
    await user.click(download());
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(MESSAGES.qrGenerationFailed, expect.anything()),
    );
    await waitFor(() => expect(download()).toBeEnabled());
  });
});

describe('QR page label sheets', () => {
  const labelsButton = () => screen.getByRole('button', { name: QR_LABEL_MESSAGES.download });

  it('creates the batch and lays its codes out on the chosen sheet with the type label', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderPage({
      '/pack/containers/generate_codes': async (request: Request) => {
        sent.push(await request.json());
        return jsonResponse({ generated_codes: ['a', 'b'], batch_id: 4 }, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    await user.click(screen.getByRole('option', { name: 'Spain' }));
    await user.click(screen.getByRole('button', { name: /^Container model/ }));
    await user.click(screen.getByRole('option', { name: 'Cup 350 ml' }));
    const sheet = screen.getByRole('combobox', { name: QR_LABEL_MESSAGES.sheetLabel });
    expect(sheet).toHaveValue('a4-3x8');
    await user.selectOptions(sheet, QR_LABEL_MESSAGES.sheets['letter-3x10']);
    await user.clear(screen.getByLabelText(MESSAGES.qrQuantityLabel));
    await user.type(screen.getByLabelText(MESSAGES.qrQuantityLabel), '2');
    await user.click(labelsButton());

    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(sent).toEqual([{ country: 'Spain', type: 'cup', count: 2 }]);
    expect(render.mock.calls[0]?.[0]).toEqual(['a', 'b']);
    expect(buildLabels.mock.calls[0]?.[0]).toEqual({
      codes: ['a', 'b'],
      pngs: [expect.any(ArrayBuffer), expect.any(ArrayBuffer)],
      typeLabel: 'Cup 350 ml',
      sheetId: 'letter-3x10',
      title: QR_LABEL_MESSAGES.pdfTitle(4, 'Cup 350 ml'),
    });
    expect(jest.mocked(saveFile).mock.calls[0]?.[1]).toBe(
      QR_LABEL_MESSAGES.fileName(4, 'letter-3x10'),
    );
    expect(build).not.toHaveBeenCalled();
  });

  it("rebuilds an old batch's labels from its stored codes, without creating any", async () => {
    const user = userEvent.setup();
    const batch = {
      id: 9,
      created_at: '2026-11-20T10:00:00.000Z',
      created_by: { id: 1, email: 'admin@example.com' },
      country: 'Italy',
      type: 'bowl',
      count: 2,
    };
    const fetchMock = renderPage({
      '/pack/qr-batches': () => jsonResponse([batch], 200, { 'X-Total-Count': '1' }),
      '/pack/qr-batches/9': { ...batch, codes: ['x', 'y'] },
    });
    await user.click(
      await screen.findByRole('button', { name: QR_LABEL_MESSAGES.downloadForBatch(9) }),
    );
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(buildLabels.mock.calls[0]?.[0]).toMatchObject({
      codes: ['x', 'y'],
      typeLabel: 'Bowl 500 ml',
      sheetId: 'a4-3x8',
    });
    expect(
      fetchMock.mock.calls.some(([input]) => (input as Request).url.includes('generate_codes')),
    ).toBe(false);
  });

  it('logs and tells why when the labels cannot be built, and frees the buttons', async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const toast = jest.spyOn(notify, 'error');
    buildLabels.mockRejectedValueOnce(new Error('out of memory'));
    renderPage({
      '/pack/containers/generate_codes': () =>
        jsonResponse({ generated_codes: ['a'], batch_id: 5 }, 201),
    });
    await user.click(await screen.findByRole('button', { name: /^Country/ }));
    await user.click(screen.getByRole('option', { name: 'Spain' }));
    await user.click(screen.getByRole('button', { name: /^Container model/ }));
    await user.click(screen.getByRole('option', { name: 'Cup 350 ml' }));
    await user.click(labelsButton());
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(QR_LABEL_MESSAGES.failed, expect.any(Error)),
    );
    expect(toast).toHaveBeenCalledWith(
      `${QR_LABEL_MESSAGES.failedPrefix}out of memory ${MESSAGES.qrCodesKept(5)}`,
    );
    await waitFor(() => expect(labelsButton()).toBeEnabled());
    expect(saveFile).not.toHaveBeenCalled();
  });
});

describe('QR page states', () => {
  it('shows a fallback without a login', () => {
    mockApi({});
    renderWithProviders(<QrPage />, { route: '/qr' });
    expect(screen.getByText('The QR generator is not available')).toBeInTheDocument();
  });

  it('gives a shop the 404 page', () => {
    loginAs('shop');
    mockApi({});
    renderWithProviders(<QrPage />, { route: '/qr' });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});

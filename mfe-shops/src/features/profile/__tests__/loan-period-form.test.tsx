import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { LoanPeriodForm } from '../components/loan-period-form';

afterEach(() => jest.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('LoanPeriodForm', () => {
  it("shows the shop's loan period and saves a new one as a number", async () => {
    loginAs('shop');
    const sent: unknown[] = [];
    mockApi({
      '/shops/settings': async (request: Request) => {
        if (request.method === 'PUT') {
          const body = (await request.json()) as { loan_days: number };
          sent.push(body);
          return json(body);
        }
        return json({ loan_days: 14 });
      },
    });
    renderWithProviders(<LoanPeriodForm />, { route: '/profile' });
    const field = await screen.findByDisplayValue('14');
    expect(field).toBe(screen.getByLabelText(PAGE_MESSAGES.loanDaysLabel));
    await userEvent.clear(field);
    await userEvent.type(field, '21');
    await userEvent.click(screen.getByRole('button', { name: PAGE_MESSAGES.loanDaysSave }));
    await waitFor(() => expect(sent).toEqual([{ loan_days: 21 }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['0', '366', '2.5', ''])('refuses %p before any call', async (text) => {
    loginAs('shop');
    const spy = mockApi({ '/shops/settings': { loan_days: 14 } });
    renderWithProviders(<LoanPeriodForm />, { route: '/profile' });
    const field = await screen.findByDisplayValue('14');
    await userEvent.clear(field);
    if (text) await userEvent.type(field, text);
    await userEvent.click(screen.getByRole('button', { name: PAGE_MESSAGES.loanDaysSave }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAGE_MESSAGES.loanDaysInvalid);
    expect(spy.mock.calls.filter(([input]) => (input as Request).method === 'PUT')).toHaveLength(0);
  });
});

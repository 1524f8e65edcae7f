import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@panel/shared';
import { loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import RequestsPage from '../../../exposed/requests-page';
import { quantitiesFromLink } from '../utils/quantities-from-link';

const TYPES = {
  types: { bottle: 'Bottle 500 ml', cup: 'Cup 350 ml', lid: 'Lid' },
  countries: {},
};

function renderAt(route: string) {
  loginAs('shop');
  mockApi({ '/pack/containers/types_and_countries': TYPES });
  return renderWithProviders(
    <Routes>
      <Route path="/requests" element={<RequestsPage />} />
    </Routes>,
    { route },
  );
}

describe('the main tab prefilled by a link (the dashboard stock alert)', () => {
  it('starts each picker at the quantity the link asks for', async () => {
    renderAt('/requests?page=main&cup=3&bottle=99');

    expect(await screen.findByLabelText('Cup 350 ml')).toHaveValue(3);
    expect(screen.getByLabelText('Bottle 500 ml')).toHaveValue(99);
    expect(screen.getByLabelText('Lid')).toHaveValue(0);
    expect(screen.getByText('102 containers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.sendRequest })).toBeEnabled();

    // The prefill is a start: the pickers change it as usual.
    await userEvent.click(screen.getByRole('button', { name: 'Fewer Cup 350 ml' }));
    expect(screen.getByLabelText('Cup 350 ml')).toHaveValue(2);
  });

  it('leaves out quantities outside 0–99 and anything not a whole number', async () => {
    renderAt('/requests?page=main&cup=100&bottle=2.5&lid=-1');

    expect(await screen.findByLabelText('Cup 350 ml')).toHaveValue(0);
    expect(screen.getByLabelText('Bottle 500 ml')).toHaveValue(0);
    expect(screen.getByLabelText('Lid')).toHaveValue(0);
    expect(screen.getByRole('button', { name: MESSAGES.sendRequest })).toBeDisabled();
  });
});

describe('quantitiesFromLink', () => {
  it.each([
    ['page=main&cup=3&bowl=0', { cup: 3, bowl: 0 }],
    ['cup=99', { cup: 99 }],
    ['cup=100', {}],
    ['cup=', {}],
    ['cup=%203', {}],
    ['cup=1e1', {}],
    ['cup=0x1', {}],
    ['cup=-1', {}],
  ])('reads %p as %p', (search, expected) => {
    expect(quantitiesFromLink(new URLSearchParams(search))).toEqual(expected);
  });
});

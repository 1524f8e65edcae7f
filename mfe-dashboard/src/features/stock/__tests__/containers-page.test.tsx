import { screen } from '@testing-library/react';
import { MESSAGES } from '@panel/shared';
import { loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { ContainersPage } from '../components/containers-page';

afterEach(() => jest.restoreAllMocks());

const weekly = {
  loans_by_weekday: {},
  type: { cup: 'Coffee cup', bowl: 'Bowl', box: 'Box' },
  shop_pack: 0,
  loans_pack: 0,
  users: 0,
};

describe('ContainersPage', () => {
  it('shows one progress bar per container type with its share in stock', async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans_by_weekday': weekly,
      '/pack/containers/loans_and_packs_by_container_type': {
        shop_packs_by_container_type: { cup: 2, bowl: 0 },
        loans_by_container_type: { cup: 1, bowl: 0 },
      },
    });
    renderWithProviders(<ContainersPage />, { route: '/containers' });

    expect(await screen.findByRole('progressbar', { name: 'Coffee cup' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(screen.getByRole('progressbar', { name: 'Bowl' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
  });

  it('says what to do when the shop has no containers', async () => {
    loginAs('shop');
    mockApi({
      '/pack/containers/loans_by_weekday': { ...weekly, type: {} },
      '/pack/containers/loans_and_packs_by_container_type': {
        shop_packs_by_container_type: {},
        loans_by_container_type: {},
      },
    });
    renderWithProviders(<ContainersPage />, { route: '/containers' });
    expect(await screen.findByText(MESSAGES.nothingToShow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request containers' })).toHaveAttribute(
      'href',
      '/requests?page=main',
    );
  });

  it('gives the provider the 404 page', () => {
    loginAs('provider');
    mockApi({});
    renderWithProviders(<ContainersPage />, { route: '/containers' });
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });
});

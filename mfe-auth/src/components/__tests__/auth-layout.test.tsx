import { screen } from '@testing-library/react';

import { MESSAGES, PATHS } from '@panel/shared';
import { renderWithProviders } from '@panel/shared/testing';

import { AuthLayout } from '../auth-layout';

function activeTab() {
  const nav = screen.getByRole('navigation', { name: 'Account' });
  expect(nav.querySelectorAll('[aria-current="page"]').length).toBeLessThanOrEqual(1);
  return nav.querySelector('[aria-current="page"]');
}

describe('auth layout', () => {
  it.each([
    [PATHS.login, 'Login'],
    [`${PATHS.login}/`, 'Login'],
    [PATHS.register, 'Register'],
    [`${PATHS.register}/`, 'Register'],
  ])('on %s highlights the %s tab and shows the slogan', (route, tab) => {
    renderWithProviders(<AuthLayout title="Page">form</AuthLayout>, { route });
    expect(activeTab()).toHaveTextContent(tab);
    expect(screen.getByText(MESSAGES.slogan)).toBeInTheDocument();
  });

  it('highlights no tab on the forgot-password page', () => {
    renderWithProviders(<AuthLayout title="Page">form</AuthLayout>, {
      route: PATHS.forgotPassword,
    });
    expect(activeTab()).toBeNull();
  });
});

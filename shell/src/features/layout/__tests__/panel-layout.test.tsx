import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@panel/shared';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { PanelLayout } from '../panel-layout';

afterEach(() => jest.restoreAllMocks());

function renderPage() {
  loginAs('shop');
  mockApi({ '/shops/shop/info': () => jsonResponse([{ id: 7, name: 'Green Cafe' }]) });
  return renderWithProviders(
    <Routes>
      <Route element={<PanelLayout />}>
        <Route path="/loan" element={<button type="button">First in the page</button>} />
      </Route>
    </Routes>,
    { route: '/loan' },
  );
}

describe('PanelLayout', () => {
  it('offers Skip to content first, and it takes the keyboard past the menu and header', async () => {
    renderPage();
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: MESSAGES.skipToContent });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'First in the page' })).toHaveFocus();
    // Only the link makes <main> focusable: a click on the page's empty parts takes no focus.
    expect(screen.getByRole('main')).not.toHaveAttribute('tabindex');
  });
});

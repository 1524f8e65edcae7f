import { screen } from '@testing-library/react';
import { renderWithProviders } from '@panel/shared/testing';

import { loadPanelPages, SupportPageRoute } from '../load-panel-pages';

describe('the layout chunk once it has arrived', () => {
  // React.lazy suspends on its first render even for a module already loaded,
  // and React then holds the (empty) fallback ~300 ms: the page must be there
  // in the very render that mounts it.
  it('is drawn in the first render, with no Suspense fallback on the way', async () => {
    await loadPanelPages();
    renderWithProviders(<SupportPageRoute />);
    expect(screen.getAllByRole('button')).toHaveLength(4);
  });
});

import { render, screen } from '@testing-library/react';

import { Pager } from '../pager';

describe('Pager', () => {
  it('shows where the rows sit in the whole', () => {
    render(<Pager page={2} pageSize={25} total={60} noun="loans" onPage={() => {}} />);
    expect(screen.getByText('26–50 of 60 loans')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('reads a total past the count cap as "cap+", and pages only as far as the cap', () => {
    render(
      <Pager
        page={1}
        pageSize={25}
        total={1_001}
        countCap={1_000}
        noun="entries"
        onPage={() => {}}
      />,
    );
    expect(screen.getByText('1–25 of 1,000+ entries')).toBeTruthy();
    expect(screen.getByText('Page 1 of 40')).toBeTruthy();
  });
});

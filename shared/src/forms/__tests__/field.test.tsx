import { render, screen } from '@testing-library/react';

import { Field } from '../field';

describe('Field', () => {
  it('labels its input and ties the hint to it', () => {
    render(<Field label="Email" hint="The shop's address" classes={{ input: 'in' }} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveClass('in');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription("The shop's address");
  });

  it('marks the input invalid and announces the error, described by hint and error', () => {
    render(<Field label="Email" hint="Hint" error="Enter a valid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(input).toHaveAccessibleDescription('Hint Enter a valid email address.');
  });

  it('draws an addon in the input row', () => {
    render(
      <Field
        label="Password"
        classes={{ row: 'row' }}
        addon={<button type="button">Show</button>}
      />,
    );
    const row = screen.getByLabelText('Password').parentElement;
    expect(row).toHaveClass('row');
    expect(row).toContainElement(screen.getByRole('button', { name: 'Show' }));
  });
});

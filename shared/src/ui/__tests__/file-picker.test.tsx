import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { MESSAGES } from '../../config/messages';
import { FilePicker } from '../file-picker';

const png = () => new File([new Uint8Array(8)], 'logo.png', { type: 'image/png' });

describe('FilePicker', () => {
  it('draws a styled button and the chosen name over a labelled native input', async () => {
    const onChange = jest.fn();
    const { rerender } = render(
      <FilePicker
        id="logo"
        label="Logo"
        fileName={null}
        hint={MESSAGES.logoHint}
        accept="image/*"
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText('Logo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(`${MESSAGES.noFileChosen} ${MESSAGES.logoHint}`);
    expect(screen.getByText(MESSAGES.chooseFile)).toHaveAttribute('aria-hidden', 'true');

    await userEvent.upload(input, png());
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(
      <FilePicker
        id="logo"
        label="Logo"
        fileName="logo.png"
        hint={MESSAGES.logoHint}
        error={MESSAGES.fileTooLarge}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fileTooLarge);
  });
});

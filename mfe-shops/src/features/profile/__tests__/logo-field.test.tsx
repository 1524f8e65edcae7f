import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIMITS, MESSAGES } from '@panel/shared';

import { LogoField } from '../components/logo-field';

const png = (size = 8) => new File([new Uint8Array(size)], 'new-logo.png', { type: 'image/png' });

describe('LogoField', () => {
  it("uses the panel's file picker, as Register does, and refuses a file over 2 MB", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    const onChange = jest.fn();
    const { rerender } = render(
      <LogoField id="logo" current={null} file={null} disabled={false} onChange={onChange} />,
    );
    const input = screen.getByLabelText('Logo');
    expect(screen.getByText(MESSAGES.chooseFile)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(`${MESSAGES.noFileChosen} ${MESSAGES.logoHint}`);

    await userEvent.upload(input, png(LIMITS.uploadMaxBytes + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.fileTooLarge);
    expect(onChange).toHaveBeenLastCalledWith(null);

    const chosen = png();
    await userEvent.upload(input, chosen);
    expect(onChange).toHaveBeenLastCalledWith(chosen);
    rerender(
      <LogoField id="logo" current={null} file={chosen} disabled={false} onChange={onChange} />,
    );
    expect(screen.getByText('new-logo.png')).toBeInTheDocument();
  });
});

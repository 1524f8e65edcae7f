import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupportChatUrl } from '@panel/shared';
import { renderWithProviders } from '@panel/shared/testing';

import { SupportPage } from '../support-page';

describe('SupportPage', () => {
  afterEach(() => setSupportChatUrl(undefined));

  it('links Start Chat to the configured chat app', () => {
    setSupportChatUrl('https://chat.example.com/shop');
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute(
      'href',
      'https://chat.example.com/shop',
    );
  });

  it('hides the chat link when no chat app is configured', () => {
    renderWithProviders(<SupportPage />);
    expect(screen.queryByRole('link', { name: 'Start Chat' })).toBeNull();
  });

  it('answers four real questions, one open at a time', async () => {
    renderWithProviders(<SupportPage />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(4);
    expect(screen.queryByText(/lorem ipsum/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /change my password/ }));
    expect(screen.getByRole('region')).toHaveTextContent('Forgot Password?');
    await userEvent.click(screen.getByRole('button', { name: /damaged container/ }));
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, setSupportChatUrl } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';
import { renderWithProviders } from '@panel/shared/testing';

import { SupportPage } from '../support-page';

describe('SupportPage', () => {
  afterEach(() => setSupportChatUrl(undefined));

  it('links Start Chat to the configured chat app, in a new tab', () => {
    setSupportChatUrl('https://chat.example.com/shop');
    renderWithProviders(<SupportPage />);
    const link = screen.getByRole('link', { name: 'Start Chat' });
    expect(link).toHaveAttribute('href', 'https://chat.example.com/shop');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("links Start Chat to the provider's support e-mail when no chat app is set", () => {
    setSupportChatUrl('mailto:support@example.com');
    renderWithProviders(<SupportPage />);
    const link = screen.getByRole('link', { name: 'Start Chat' });
    expect(link).toHaveAttribute('href', 'mailto:support@example.com');
    expect(link).not.toHaveAttribute('target');
  });

  it('refuses a link that would run script', () => {
    setSupportChatUrl('javascript:alert(1)');
    renderWithProviders(<SupportPage />);
    expect(screen.queryByRole('link', { name: 'Start Chat' })).toBeNull();
  });

  it('heads the page like the other pages: the FAQ title and a subtitle', () => {
    renderWithProviders(<SupportPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.faqTitle);
    expect(screen.getByText(PAGE_MESSAGES.supportSubtitle)).toBeInTheDocument();
  });

  it('answers four questions about what the panel does, one open at a time', async () => {
    renderWithProviders(<SupportPage />);
    const questions = screen.getAllByRole('button');
    expect(questions).toHaveLength(4);
    // The chat is a way to reach the provider, not a step of any task; the
    // counter (Lend, Take back) does what the old answers left to the chat.
    for (const { answer } of PAGE_MESSAGES.faq) {
      expect(answer).not.toMatch(/chat|lorem ipsum|scan it as returned/i);
    }
    expect(PAGE_MESSAGES.faq.map((item) => item.answer).join(' ')).toMatch(/Lend.*Take back/s);
    await userEvent.click(screen.getByRole('button', { name: /change my password/ }));
    expect(screen.getByRole('region')).toHaveTextContent('Forgot Password?');
    await userEvent.click(screen.getByRole('button', { name: /take containers back/ }));
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByRole('region')).toHaveTextContent('any shop');
  });
});

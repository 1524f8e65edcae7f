import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@panel/shared';
import { MAIL_MESSAGES } from '@panel/shared/page-ui';
import { jsonResponse, loginAs, mockApi, renderWithProviders } from '@panel/shared/testing';

import { NotificationsCard } from '../components/notifications-card';

afterEach(() => {
  jest.restoreAllMocks();
});

const digestSwitch = () => screen.findByRole('switch', { name: MAIL_MESSAGES.dailyDigestLabel });

describe("the super admin's notifications card", () => {
  beforeEach(() => loginAs('provider'));

  it('shows the stored setting and turns the daily e-mail off', async () => {
    const puts: unknown[] = [];
    // Stored like the API stores it: a read after the save answers the saved value.
    let stored = true;
    mockApi({
      '/shops/notification-settings': async (request: Request) => {
        if (request.method === 'PUT') {
          const body = (await request.json()) as { daily_digest: boolean };
          puts.push(body);
          stored = body.daily_digest;
          return jsonResponse(body);
        }
        return jsonResponse({ daily_digest: stored });
      },
    });
    const success = jest.spyOn(notify, 'success').mockImplementation(() => '');
    const user = userEvent.setup();
    renderWithProviders(<NotificationsCard />);

    expect(screen.getByRole('region', { name: MAIL_MESSAGES.notificationsTitle })).toBeVisible();
    expect(await digestSwitch()).toBeChecked();
    await user.click(await digestSwitch());

    await waitFor(() => expect(success).toHaveBeenCalledWith(MAIL_MESSAGES.dailyDigestOff));
    expect(puts).toEqual([{ daily_digest: false }]);
    await waitFor(async () => expect(await digestSwitch()).not.toBeChecked());
  });

  it('keeps the setting and says why when saving fails', async () => {
    mockApi({
      '/shops/notification-settings': (request: Request) =>
        request.method === 'PUT'
          ? jsonResponse({ error: 'Database unavailable' }, 500)
          : jsonResponse({ daily_digest: false }),
    });
    const error = jest.spyOn(notify, 'error').mockImplementation(() => '');
    const user = userEvent.setup();
    renderWithProviders(<NotificationsCard />);

    await user.click(await digestSwitch());

    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(error.mock.calls[0]?.[0]).toMatch(
      new RegExp(`^${MAIL_MESSAGES.dailyDigestFailedPrefix}`),
    );
    // The toast comes from the failed call; the switch is enabled again on the next render.
    await waitFor(async () => {
      expect(await digestSwitch()).not.toBeChecked();
      expect(await digestSwitch()).toBeEnabled();
    });
  });

  it('offers a retry when the setting cannot be loaded', async () => {
    mockApi({ '/shops/notification-settings': () => jsonResponse({ error: 'down' }, 400) });
    renderWithProviders(<NotificationsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      MAIL_MESSAGES.notificationsLoadFailed,
    );
  });
});

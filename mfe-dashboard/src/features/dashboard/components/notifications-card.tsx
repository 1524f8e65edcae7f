import { describeError, notify, type ApiError } from '@panel/shared';
import { ErrorState, MAIL_MESSAGES, Panel, Skeleton } from '@panel/shared/page-ui';

import {
  useGetNotificationSettingsQuery,
  usePutNotificationSettingsMutation,
} from '../api/notification-settings';
import styles from './notifications-card.module.css';

/**
 * The super admin's one mail setting, the daily digest of new registrations
 * and requests, as a small card at the foot of the dashboard: out of the way,
 * next to the New Shops it summarises. The box shows the stored value; while
 * a change is saved it is disabled, and a failed change leaves it as it was.
 */
export function NotificationsCard() {
  const settings = useGetNotificationSettingsQuery();
  const [save, saving] = usePutNotificationSettingsMutation();

  const onToggle = async (on: boolean) => {
    try {
      await save({ daily_digest: on }).unwrap();
      notify.success(on ? MAIL_MESSAGES.dailyDigestOn : MAIL_MESSAGES.dailyDigestOff);
    } catch (failure) {
      notify.error(
        `${MAIL_MESSAGES.dailyDigestFailedPrefix}${describeError(failure as ApiError).text}`,
      );
    }
  };

  let body;
  if (settings.error) {
    body = (
      <ErrorState
        title={MAIL_MESSAGES.notificationsLoadFailed}
        error={settings.error}
        onRetry={settings.refetch}
      />
    );
  } else if (!settings.data) {
    body = <Skeleton height={44} />;
  } else {
    body = (
      <>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            checked={settings.data.daily_digest}
            disabled={saving.isLoading}
            onChange={(event) => void onToggle(event.target.checked)}
          />
          {MAIL_MESSAGES.dailyDigestLabel}
        </label>
        <p className={styles.note}>{MAIL_MESSAGES.dailyDigestNote}</p>
      </>
    );
  }

  return <Panel title={MAIL_MESSAGES.notificationsTitle}>{body}</Panel>;
}

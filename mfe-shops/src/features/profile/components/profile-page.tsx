import { MESSAGES, panelStyles } from '@panel/shared';
import { ErrorState, PageHeader, Panel, useErrorToast } from '@panel/shared/page-ui';
import { useGetShopInfoQuery } from '@panel/shared/data';

import { LoanPeriodForm } from './loan-period-form';
import { ProfileForm } from './profile-form';

/**
 * The shop's own profile (spec section 2): name, e-mail, location and logo.
 * The account is the shared getShopInfo query the shell's header reads, so
 * a save that invalidates it renames the greeting without a reload.
 */
export function ProfilePage() {
  const { data: shop, error, refetch } = useGetShopInfoQuery();
  useErrorToast(error, MESSAGES.loadFailedPrefix);

  return (
    <div className={panelStyles.page}>
      <PageHeader title={MESSAGES.myProfile} subtitle="How your shop appears in the panel" />
      <section className={panelStyles.panel} aria-label={MESSAGES.myProfile}>
        {error ? (
          <ErrorState
            title={MESSAGES.failedShopInfo}
            error={error}
            onRetry={() => void refetch()}
          />
        ) : (
          <ProfileForm key={shop?.id ?? 'loading'} shop={shop} />
        )}
      </section>
      <Panel title={MESSAGES.counterSettingsTitle}>
        <LoanPeriodForm />
      </Panel>
    </div>
  );
}

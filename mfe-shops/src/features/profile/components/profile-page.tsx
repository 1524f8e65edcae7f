import { useMemo, useState } from 'react';
import { MESSAGES, panelStyles } from '@panel/shared';
import { ErrorState, PageHeader, Panel, useErrorToast, PAGE_MESSAGES } from '@panel/shared/page-ui';
import { useGetShopInfoQuery } from '@panel/shared/data';

import { useLeaveGuard } from '../hooks/use-leave-guard';
import { LoanPeriodForm } from './loan-period-form';
import { OwnPasswordForm } from './own-password-form';
import { ProfileForm } from './profile-form';
import { RecentActivity } from './recent-activity';
import { StockMinimumsForm } from './stock-minimums-form';

type Part = 'profile' | 'minimums' | 'password';

/**
 * The shop's own profile (spec section 2): name, e-mail, phone, location and
 * logo; its counter settings, minimum stock per type and password (issue
 * 31). The account is the shared getShopInfo query the shell's header reads,
 * so a save that invalidates it renames the greeting without a reload.
 * Leaving while any part holds unsaved changes asks first.
 */
export function ProfilePage() {
  const { data: shop, error, refetch } = useGetShopInfoQuery();
  const [dirty, setDirty] = useState<ReadonlySet<Part>>(new Set());
  useErrorToast(error, MESSAGES.loadFailedPrefix);
  useLeaveGuard(dirty.size > 0);

  // Stable per part, so the forms' effects do not run again on every render.
  const onDirty = useMemo(() => {
    const mark = (part: Part) => (isDirty: boolean) =>
      setDirty((parts) => {
        if (parts.has(part) === isDirty) return parts;
        const next = new Set(parts);
        if (isDirty) next.add(part);
        else next.delete(part);
        return next;
      });
    return { profile: mark('profile'), minimums: mark('minimums'), password: mark('password') };
  }, []);

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
          <ProfileForm key={shop?.id ?? 'loading'} shop={shop} onDirty={onDirty.profile} />
        )}
      </section>
      <Panel title={PAGE_MESSAGES.counterSettingsTitle}>
        <LoanPeriodForm />
      </Panel>
      <Panel title={PAGE_MESSAGES.followUp.stockMinimumsTitle}>
        <StockMinimumsForm onDirty={onDirty.minimums} />
      </Panel>
      <Panel title={PAGE_MESSAGES.followUp.passwordTitle}>
        <OwnPasswordForm onDirty={onDirty.password} />
      </Panel>
      <RecentActivity />
    </div>
  );
}

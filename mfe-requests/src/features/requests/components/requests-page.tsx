import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { panelStyles, type RequestsPage as Tab, type Role, useSession } from '@panel/shared';
import { PageHeader } from '@panel/shared/page-ui';

import { resolveTab, STATUS_OF_PAGE, TABS } from '../utils/tabs';
import { NewRequestForm } from './new-request-form';
import { RequestList } from './request-list';
import { RequestTabs } from './request-tabs';

// The super admin has no main tab (utils/tabs.ts), so no text for it.
const SUBTITLES: Record<Role, Partial<Record<Tab, string>>> = {
  shop: {
    main: 'Choose how many containers of each type you need, then send the request.',
    pending: 'Your requests waiting for the provider, newest first.',
    accepted: 'Your requests the provider approved.',
    denied: 'Your requests the provider denied.',
    cancelled: 'Requests you cancelled before the provider decided.',
  },
  provider: {
    pending: 'Requests of every shop waiting for your decision, newest first.',
    accepted: 'Requests you approved.',
    denied: 'Requests you denied.',
  },
};

/**
 * /requests?page=main|pending|accepted|denied (|cancelled for the shop). The shell only
 * opens it for a logged user; the tabs depend on the role (utils/tabs.ts).
 */
export function RequestsPage() {
  const { role, shopId } = useSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const page = role === null ? null : resolveTab(role, asked);
  // The address names the tab shown (/requests alone is the shop's form): the
  // shell hides its floating add button on page=main, which would otherwise
  // cover the floating Send Request on a phone.
  useEffect(() => {
    if (page === null || asked === page) return;
    setParams(
      (current) => {
        current.set('page', page);
        return current;
      },
      { replace: true },
    );
  }, [asked, page, setParams]);
  if (role === null || page === null) return null;
  return (
    <div className={panelStyles.page}>
      <PageHeader title="Container requests" subtitle={SUBTITLES[role][page]} />
      <RequestTabs tabs={TABS[role]} current={page} />
      <section className={panelStyles.panel} aria-label="Requests">
        {page === 'main' ? (
          <NewRequestForm />
        ) : (
          <RequestList
            key={page}
            status={STATUS_OF_PAGE[page]}
            role={role}
            shopId={shopId}
            shown={Number(params.get('request')) || null}
          />
        )}
      </section>
    </div>
  );
}

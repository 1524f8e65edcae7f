import { MESSAGES, type RequestsPage, type RequestStatus, type Role } from '@panel/shared';
import { PAGE_MESSAGES } from '@panel/shared/page-ui';

export interface RequestTab {
  page: RequestsPage;
  label: string;
}

/**
 * The tabs per role (ARCHITECTURE.md, docs/decisions.md): the shop creates
 * requests, so it alone has the main tab, and cancels them, so it alone has
 * Cancelled (issue 31); the super admin's first tab is its Pending list,
 * labelled Requests.
 */
export const TABS: Record<Role, readonly RequestTab[]> = {
  shop: [
    { page: 'main', label: MESSAGES.requestTabMain },
    { page: 'pending', label: MESSAGES.requestTabPendingShop },
    { page: 'accepted', label: MESSAGES.requestTabAccepted },
    { page: 'denied', label: MESSAGES.requestTabDenied },
    { page: 'cancelled', label: PAGE_MESSAGES.followUp.tabCancelled },
  ],
  provider: [
    { page: 'pending', label: MESSAGES.requestTabPendingProvider },
    { page: 'accepted', label: MESSAGES.requestTabAccepted },
    { page: 'denied', label: MESSAGES.requestTabDenied },
  ],
};

/**
 * The tab a ?page= value opens for a role: its own tab when it has one, else
 * the role's first tab (so the super admin's page=main is its Pending list).
 */
export function resolveTab(role: Role, page: string | null): RequestsPage {
  const tabs = TABS[role];
  return tabs.find((tab) => tab.page === page)?.page ?? (tabs[0] as RequestTab).page;
}

export const STATUS_OF_PAGE: Record<Exclude<RequestsPage, 'main'>, RequestStatus> = {
  pending: 'PENDING',
  accepted: 'APPROVED',
  denied: 'DENIED',
  cancelled: 'CANCELLED',
};

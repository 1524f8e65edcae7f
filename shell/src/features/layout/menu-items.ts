import { MESSAGES, PATHS, requestsPath, type Role } from '@panel/shared';
import { AUDIT_MESSAGES } from '@panel/shared/page-ui';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  icon: string;
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  icon: string;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string, icon: string): MenuLink => ({
  kind: 'link',
  label,
  to,
  icon,
});

const home = link(MESSAGES.menuHome, PATHS.home, '⌂');
const support = link(MESSAGES.menuSupport, PATHS.support, '?');
const requestStates = [
  link(MESSAGES.menuPending, requestsPath('pending'), '○'),
  link(MESSAGES.menuAccepted, requestsPath('accepted'), '✓'),
  link(MESSAGES.menuDenied, requestsPath('denied'), '✕'),
];

/** The two side menus of spec section 2, in their order; Logout is drawn after them. */
export const MENUS: Record<Role, MenuEntry[]> = {
  shop: [
    home,
    link(MESSAGES.menuLoans, PATHS.loan, '↗'),
    link(MESSAGES.menuReturns, PATHS.return, '↙'),
    link(MESSAGES.menuLend, PATHS.lend, '⇥'),
    link(MESSAGES.menuTakeBack, PATHS.takeBack, '⇤'),
    link(MESSAGES.menuContainers, PATHS.containers, '▦'),
    {
      kind: 'group',
      label: MESSAGES.menuRequestsGroup,
      icon: '✉',
      items: [link(MESSAGES.menuRequests, requestsPath('main'), '+'), ...requestStates],
    },
    support,
  ],
  provider: [
    home,
    link(MESSAGES.menuShopList, PATHS.shop, '☰'),
    { kind: 'group', label: MESSAGES.menuRequestsGroup, icon: '✉', items: requestStates },
    link(MESSAGES.menuQr, PATHS.qr, '▣'),
    link(AUDIT_MESSAGES.menu, PATHS.audit, '⌕'),
    support,
  ],
};

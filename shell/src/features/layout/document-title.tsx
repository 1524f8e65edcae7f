import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES, PATHS, withoutTrailingSlashes } from '@panel/shared';

const PRODUCT = 'Lending panel';

/** The tab title of each page, named as the menu names it. */
const PAGE_TITLES: Record<string, string> = {
  [PATHS.login]: 'Login',
  [PATHS.register]: 'Register',
  [PATHS.forgotPassword]: 'Forgot Password',
  [PATHS.home]: MESSAGES.menuHome,
  [PATHS.loan]: MESSAGES.menuLoans,
  [PATHS.return]: MESSAGES.menuReturns,
  [PATHS.lend]: MESSAGES.menuLend,
  [PATHS.takeBack]: MESSAGES.menuTakeBack,
  [PATHS.containers]: MESSAGES.menuContainers,
  [PATHS.requests]: MESSAGES.menuRequests,
  [PATHS.shop]: MESSAGES.menuShopList,
  [PATHS.qr]: MESSAGES.qrTitle,
  [PATHS.support]: MESSAGES.menuSupport,
  [PATHS.profile]: MESSAGES.myProfile,
};

export function pageTitle(pathname: string): string {
  const page = PAGE_TITLES[withoutTrailingSlashes(pathname) || '/'];
  return page ? `${page} · ${PRODUCT}` : PRODUCT;
}

/** Keeps the browser tab's title on the page shown, so tabs and history read right. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return null;
}

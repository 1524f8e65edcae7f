// What only a logged-in user sees: the panel's layout (side menu, header,
// drawer, add button) and the support page. The login page draws none of it,
// so it is a chunk of its own, fetched at login (or at start with a session).
export { PanelLayout } from '../features/layout/panel-layout';
export { SupportPage } from '../features/support/support-page';

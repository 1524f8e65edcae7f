// @panel/shared/page-ui: the building blocks of the logged-in pages (panels,
// headers, lists, pagers, loading and error states, the file picker, the CSV
// writer, the counter's texts), one shared module of its own. The login page draws none of them, so they are not in
// @panel/shared, which the login page loads first; the shell fetches them
// with the data layer once the login form is up.
export * from './ui/query-view';
export * from './ui/error-state';
export * from './ui/skeleton';
export * from './ui/pager';
export * from './ui/empty-state';
export * from './ui/page-header';
export * from './ui/panel';
export * from './ui/use-delay-elapsed';
export * from './ui/use-error-toast';
export * from './ui/file-picker';
export * from './format/csv';
export * from './config/counter-messages';
export * from './config/page-messages';
export * from './config/mail-messages';
export * from './config/decision-messages';
export * from './config/shop-admin-messages';
export * from './config/audit-messages';
export * from './ui/keep-focus-inside';
export * from './ui/reason-dialog';
export * from './ui/deactivate-dialog';
export * from './config/qr-label-messages';
export * from './config/counter-constants';
export * from './format/dates';
export * from './forms/use-schema-form';

// @panel/shared: what every app agrees on and the login page needs. The data
// layer (the API slice, the store, RTK Query hooks) is @panel/shared/data.
export * from './types';
export * from './config/messages';
export * from './config/upload-rules';
export * from './config/constants';
export * from './config/routes';
export * from './auth/roles';
// Storage is read only through useSession/getSession, so only the writers are public.
export { clearSession, saveLogin, STORAGE_KEYS, type LoginRecord } from './auth/session';
export * from './auth/use-session';
export * from './api/describe-error';
export * from './api/runtime-config';
export * from './api/session-events';
export * from './ui/notify';
export * from './ui/loading-overlay';
export * from './ui/spinner';
export * from './ui/not-found-page';
export * from './ui/placeholder-page';
export * from './ui/query-view';
export * from './ui/error-state';
export * from './ui/skeleton';
export * from './ui/pager';
export * from './ui/empty-state';
export * from './ui/page-header';
export * from './ui/panel';
export * from './ui/use-delay-elapsed';
export * from './ui/use-error-toast';
export * from './ui/panel-styles';

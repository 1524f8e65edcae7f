// @panel/shared: what every app agrees on and the login page needs. The data
// layer (the API slice, the store, RTK Query hooks) is @panel/shared/data;
// what only the logged-in pages draw is @panel/shared/page-ui.
export * from './types';
export * from './config/messages';
export * from './config/upload-rules';
export * from './config/constants';
export * from './config/routes';
export * from './auth/roles';
// Storage is read only through useSession/getSession, so only the writers are public.
export {
  clearSession,
  replaceToken,
  saveLogin,
  STORAGE_KEYS,
  type LoginRecord,
} from './auth/session';
export * from './auth/use-session';
export * from './api/describe-error';
export * from './api/runtime-config';
export * from './api/session-events';
export * from './api/slow-calls';
export * from './ui/notify';
export * from './ui/loading-overlay';
export * from './ui/spinner';
export * from './ui/not-found-page';
export * from './ui/panel-styles';
// The forms' one Field and one submit: the login form uses both.
export * from './forms/field';
export * from './forms/use-submit';

// @panel/shared/data: the data layer, one shared module of its own. It holds
// Redux Toolkit, RTK Query and react-redux, which the login page does not
// load before its first submit; everything else is in @panel/shared, which
// these modules import by name so both share its one instance.
export * from './api/base-api';
export * from './api/live-event-tags';
export * from './store/make-store';
export * from './store/hooks';
export { Provider as StoreProvider } from 'react-redux';
export * from './api/endpoints/get-shop-info';
export * from './api/endpoints/shop-settings';
export * from './api/endpoints/change-shop-status';
export * from './api/endpoints/use-shop-status-change';
// A list's buttons wait for the reload their own action caused, not a live one.
export * from './api/use-reload-after-action';
// One reading of a paged list's X-Total-Count, and each list's page size.
export * from './api/paged-list';
export { PAGE_SIZES, TOTAL_COUNT_HEADER } from './contract/paging';
// Every call that creates something takes one (see api/README.md).
export * from './api/idempotency-key';

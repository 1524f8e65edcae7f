// @panel/shared/contract: the TypeBox schemas of the API's shapes the panel
// sends or reads, defined once. React-free: the API validates, serialises and
// documents with these objects at run time; a form checks its body with them
// before sending, and the rest of the panel imports only their `Static<>`
// types (`import type`), which cost no bytes.
export * from './contract/common';
export * from './contract/paging';
export * from './contract/auth';
export * from './contract/shop';
export * from './contract/shop-form';
export * from './contract/container-request';
export * from './contract/loan';
export * from './contract/shop-settings';
export * from './contract/dashboard';
export * from './contract/shop-overview';
export * from './contract/qr-batch';
export * from './contract/audit';

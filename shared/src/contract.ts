// @panel/shared/contract: the TypeBox schemas of the bodies the panel's forms
// send, defined once. React-free: the API validates and documents with these
// objects at run time, and a form checks its body with them before sending.
export * from './contract/common';
export * from './contract/auth';
export * from './contract/shop';
export * from './contract/shop-form';
export * from './contract/container-request';
export * from './contract/loan';
export * from './contract/shop-settings';
export * from './contract/audit';

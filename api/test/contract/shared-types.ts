/**
 * The panel's entity types (@panel/shared, and the QR remote's batch) against
 * the API's schemas, the ones the OpenAPI document is generated from. This
 * file only compiles (`npm run check-types`) while each pair is mutually
 * assignable: a field renamed, added or retyped on either side fails it.
 */
import type { Static } from 'typebox';

import type * as QrRemote from '../../../mfe-qr/src/features/qr-codes/api/qr-batch';
import type * as Panel from '../../../shared/src/types';
import type { LoginReply } from '../../src/schemas/auth';
import type {
  ContainerRequestSchema,
  RequestItemSchema,
} from '../../src/schemas/container-request';
import type {
  AdminSummarySchema,
  StockSummarySchema,
  TypesAndCountriesSchema,
  WeeklyLoansSchema,
} from '../../src/schemas/dashboard';
import type { LoanContainerSchema, LoanSchema } from '../../src/schemas/loan';
import type { QrBatchSchema, QrBatchWithCodesSchema } from '../../src/schemas/qr-batch';
import type { ShopSchema } from '../../src/schemas/shop';
import type { ShopSettingsSchema } from '../../src/schemas/shop-settings';

/** True only when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only for `true`; the error names the pair that drifted apart. */
function same<T extends true>(_pair: string, _check: T): void {}

same('Shop', true as Same<Static<typeof ShopSchema>, Panel.Shop>);
same('ShopStatus', true as Same<Static<typeof ShopSchema>['status'], Panel.ShopStatus>);
same('LoginResponse', true as Same<Static<typeof LoginReply>, Panel.LoginResponse>);
same('Loan', true as Same<Static<typeof LoanSchema>, Panel.Loan>);
same('LoanContainer', true as Same<Static<typeof LoanContainerSchema>, Panel.LoanContainer>);
same(
  'ContainerRequest',
  true as Same<Static<typeof ContainerRequestSchema>, Panel.ContainerRequest>,
);
same('RequestItem', true as Same<Static<typeof RequestItemSchema>, Panel.RequestItem>);
same(
  'TypesAndCountries',
  true as Same<Static<typeof TypesAndCountriesSchema>, Panel.TypesAndCountries>,
);
same('AdminSummary', true as Same<Static<typeof AdminSummarySchema>, Panel.AdminSummary>);
same('WeeklyLoans', true as Same<Static<typeof WeeklyLoansSchema>, Panel.WeeklyLoans>);
same('StockSummary', true as Same<Static<typeof StockSummarySchema>, Panel.StockSummary>);
same('ShopSettings', true as Same<Static<typeof ShopSettingsSchema>, Panel.ShopSettings>);
same('QrBatch', true as Same<Static<typeof QrBatchSchema>, QrRemote.QrBatch>);
same(
  'QrBatchWithCodes',
  true as Same<Static<typeof QrBatchWithCodesSchema>, QrRemote.QrBatchWithCodes>,
);

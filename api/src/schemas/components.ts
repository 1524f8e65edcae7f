import { ErrorSchema } from './common';
import { ContainerRequestSchema } from './container-request';
import {
  AdminSummarySchema,
  StockSummarySchema,
  TypesAndCountriesSchema,
  WeeklyLoansSchema,
} from './dashboard';
import { LoanSchema } from './loan';
import { QrBatchSchema, QrBatchWithCodesSchema } from './qr-batch';
import { ShopSchema } from './shop';
import { LoginReply } from './auth';

/**
 * The entities the panel reads, named in the OpenAPI document
 * (components.schemas): the contract @panel/shared's types are checked
 * against (test/contract/shared-types.ts, test/openapi.test.ts). The routes
 * use the same schema objects inline.
 */
export const openApiComponents = {
  Shop: ShopSchema,
  LoginResponse: LoginReply,
  Loan: LoanSchema,
  ContainerRequest: ContainerRequestSchema,
  TypesAndCountries: TypesAndCountriesSchema,
  AdminSummary: AdminSummarySchema,
  WeeklyLoans: WeeklyLoansSchema,
  StockSummary: StockSummarySchema,
  QrBatch: QrBatchSchema,
  QrBatchWithCodes: QrBatchWithCodesSchema,
  Error: ErrorSchema,
};

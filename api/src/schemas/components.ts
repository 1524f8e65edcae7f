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
 * (components.schemas); their schemas live in @panel/shared/contract, whose
 * Static<> types the panel uses (test/openapi.test.ts). The routes use the
 * same schema objects inline.
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

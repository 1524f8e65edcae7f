/**
 * Entities of spec section 3, as the API sends them: the `Static<>` types of
 * the contract's schemas (@panel/shared/contract), the very objects the API
 * validates and documents with, so each shape is written once. Type-only
 * imports: the schemas cost the eager bundle nothing.
 */
import type { Static } from 'typebox';

import type {
  AdminSummarySchema,
  ContainerRequestSchema,
  ContainerTypesSchema,
  LoanContainerSchema,
  LoanSchema,
  LoginReply,
  RequestItemSchema,
  RequestStatusSchema,
  ShopSchema,
  ShopSettingsBody,
  StockSummarySchema,
  TypesAndCountriesSchema,
  WeeklyLoansSchema,
} from './contract';

export type Shop = Static<typeof ShopSchema>;
export type ShopStatus = Shop['status'];
export type LoginResponse = Static<typeof LoginReply>;
export type LoanContainer = Static<typeof LoanContainerSchema>;
export type Loan = Static<typeof LoanSchema>;
/** Container type key to display label. */
export type ContainerTypes = Static<typeof ContainerTypesSchema>;
export type StockSummary = Static<typeof StockSummarySchema>;
export type WeeklyLoans = Static<typeof WeeklyLoansSchema>;
export type AdminSummary = Static<typeof AdminSummarySchema>;
export type RequestStatus = Static<typeof RequestStatusSchema>;
export type RequestItem = Static<typeof RequestItemSchema>;
export type ContainerRequest = Static<typeof ContainerRequestSchema>;
export type TypesAndCountries = Static<typeof TypesAndCountriesSchema>;

/** The shop's own settings (GET /shops/settings): every field of the body PUT sends. */
export type ShopSettings = Required<Static<typeof ShopSettingsBody>>;

export interface ApiErrorBody {
  error?: string;
  email?: string[];
  logo?: string[];
  message?: string;
}

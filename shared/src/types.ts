/**
 * Entities of spec section 3, as the API sends them. api/test/contract/shared-types.ts
 * checks each against the API's schema (the OpenAPI contract) in `npm test`.
 */

export type ShopStatus = 'active' | 'inactive';

export interface Shop {
  id: number;
  name: string;
  email: string;
  phone: string;
  logo: string | null;
  created_date: string;
  status: ShopStatus;
  x_gis: number | null;
  y_gis: number | null;
}

export interface LoginResponse {
  access: string;
  /** `admin` for a shop user, `super_admin` for the provider (see auth/roles.ts). */
  status: 'admin' | 'super_admin';
  shop_id: number | null;
}

export interface LoanContainer {
  code: string;
  container_type: string;
  guarantee_amount: number;
  /** Back at a shop (null while out). */
  returned_at: string | null;
  /** Written off as lost. */
  lost_at: string | null;
}

export interface Loan {
  id: number;
  given_date: string;
  due_date: string | null;
  returned_date: string | null;
  client: string;
  shop: { id: number; name: string };
  containers: LoanContainer[];
  client_phone: string | null;
  client_email: string | null;
  /** The guarantee of its containers not back yet, in the panel's currency. */
  held_amount: number;
  reminders: number;
  last_reminded_at: string | null;
}

/** Container type key to display label. */
export type ContainerTypes = Record<string, string>;

export interface StockSummary {
  loans_by_container_type: Record<string, number>;
  shop_packs_by_container_type: Record<string, number>;
  /** Provider only: containers still in the provider's own warehouse. */
  provider_stock_by_container_type?: Record<string, number>;
}

export interface WeeklyLoans {
  loans_by_weekday: Record<string, number>;
  type: ContainerTypes;
  shop_pack: number;
  loans_pack: number;
  users: number;
  /** Loans ever made (by the shop, or by all shops for the provider). */
  total_loans: number;
}

export interface AdminSummary {
  /** Active shops. */
  shops: number;
  /** Shops waiting for activation: registered (or deactivated) and not active now. */
  shops_waiting: number;
  loans_pack: number;
  container_pack: number;
}

/** The shop's own settings (API: GET/PUT /shops/settings). */
export interface ShopSettings {
  /** Days ahead the lend form proposes as the due date (1 to 365). */
  loan_days: number;
  /**
   * Minimum free stock per container type key (1 to 9999); a type absent has
   * none. The dashboard warns when a type's free stock drops below it.
   */
  stock_minimums: Record<string, number>;
}

export type RequestStatus = 'PENDING' | 'APPROVED' | 'DENIED' | 'CANCELLED';

export interface RequestItem {
  /** How many the shop asked for. */
  quantity: number;
  container_type: string;
  /** How many the provider approved: null while pending or cancelled, 0 when denied. */
  approved: number | null;
}

export interface ContainerRequest {
  id: number;
  status: RequestStatus;
  request_date: string;
  shop: { id: number; name: string };
  items: RequestItem[];
  /** When it was approved, denied or cancelled. */
  decided_at: string | null;
  /** Why it was denied, in the provider's words for the shop. */
  explanation: string | null;
  /** The lifecycle past approval: sent by the provider, received by the shop. */
  sent_at: string | null;
  received_at: string | null;
}

export interface TypesAndCountries {
  types: ContainerTypes;
  countries: Record<string, string>;
}

export interface ApiErrorBody {
  error?: string;
  email?: string[];
  logo?: string[];
  message?: string;
}

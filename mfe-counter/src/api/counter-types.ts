/** The counter's answers from the API (api/src/schemas/loan.ts). */

/** Why the counter cannot take a code now. */
export type CodeRefusal = 'unknown' | 'not_in_stock' | 'on_loan' | 'other_shop' | 'not_on_loan';

/** A loan as the counter shows it beside a code. */
export interface CounterLoan {
  id: number;
  /** Null when the loan is another shop's: its client is never shown. */
  client: string | null;
  given_date: string;
  due_date: string | null;
  /** Null when another shop lent it. */
  shop: { id: number; name: string } | null;
  days_out: number;
  late: boolean;
}

export interface CodeCheck {
  code: string;
  container_type: string | null;
  guarantee_amount: number | null;
  refusal: CodeRefusal | null;
  loan: CounterLoan | null;
}

export interface ReturnedItem {
  code: string;
  container_type: string;
  loan: CounterLoan;
  from_other_shop: boolean;
  loan_completed: boolean;
}

export interface ReturnReply {
  returned: string[];
  completed_loans: number[];
  items: ReturnedItem[];
}

/** What the counter reads of the loan a lend call made (the API's Loan has more). */
export interface LentLoan {
  id: number;
  client: string;
  due_date: string | null;
  containers: { code: string; container_type: string; guarantee_amount: number }[];
}

// The counter's answers: one definition, in the contract (the API's own schemas).
export type {
  CodeCheck,
  CodeRefusal,
  CounterLoan,
  ReturnedItem,
  ReturnReply,
} from '@panel/shared/contract';

/** What the counter reads of the loan a lend call made (the API's Loan has more). */
export interface LentLoan {
  id: number;
  client: string;
  due_date: string | null;
  containers: { code: string; container_type: string; guarantee_amount: number }[];
}

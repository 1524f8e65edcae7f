/** A generate_codes call as the API keeps it. */
export interface QrBatch {
  id: number;
  created_at: string;
  created_by: { id: number; email: string };
  country: string;
  /** Container type key. */
  type: string;
  count: number;
}

export interface QrBatchWithCodes extends QrBatch {
  /** In generation order: codes[n - 1] is qr_code_{n}.png. */
  codes: string[];
}

/** limit absent = the whole list (the spec's default); offset defaults to 0. */
export interface Page {
  limit?: number;
  offset?: number;
}

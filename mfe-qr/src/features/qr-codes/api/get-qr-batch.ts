import type { QrBatchWithCodes } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

/** One batch with its stored codes: "Download again" rebuilds the zip from these. */
export const qrBatchApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getQrBatch: build.query<QrBatchWithCodes, number>({
      query: (id) => `/pack/qr-batches/${id}`,
      // A batch never changes, and up to 10,000 codes need not stay in the store.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetQrBatchQuery } = qrBatchApi;

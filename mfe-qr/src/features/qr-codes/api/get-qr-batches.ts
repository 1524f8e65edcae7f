import type { QrBatch } from '@panel/shared/contract';
import { api, toPage, type Page, type PageArgs } from '@panel/shared/data';

/** One page of the QR batches, newest first. */
export const qrBatchesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getQrBatches: build.query<Page<QrBatch>, PageArgs>({
      query: (page) => ({ url: '/pack/qr-batches/', params: page }),
      transformResponse: (items: QrBatch[], meta, page) => toPage(items, meta, page),
      providesTags: ['QrBatch'],
    }),
  }),
});

export const { useGetQrBatchesQuery } = qrBatchesApi;

import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { QrBatch } from '@panel/shared/contract';
import { api } from '@panel/shared/data';

export interface QrBatchPageArgs {
  limit: number;
  offset: number;
}

export interface QrBatchPage {
  items: QrBatch[];
  /** Batches in all, from X-Total-Count. */
  total: number;
}

/** One page of the QR batches, newest first. */
export const qrBatchesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getQrBatches: build.query<QrBatchPage, QrBatchPageArgs>({
      query: (page) => ({ url: '/pack/qr-batches/', params: page }),
      transformResponse: (items: QrBatch[], meta: FetchBaseQueryMeta | undefined, page) => {
        const header = meta?.response?.headers.get('X-Total-Count');
        const total = header ? Number(header) : page.offset + items.length;
        return { items, total };
      },
      providesTags: ['QrBatch'],
    }),
  }),
});

export const { useGetQrBatchesQuery } = qrBatchesApi;

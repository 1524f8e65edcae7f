import { api } from '@panel/shared/data';

export interface GenerateQrCodesArgs {
  /** Country name (the key of the countries map). */
  country: string;
  /** Container type key, found from the chosen label. */
  type: string;
  count: number;
}

export interface GeneratedQrCodes {
  generated_codes: string[];
  /** The batch recording this call, from which the labels can be rebuilt. */
  batch_id: number;
}

/** Creates containers in the provider's stock and answers their codes (spec section 3). */
export const generateQrCodesApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    generateQrCodes: build.mutation<GeneratedQrCodes, GenerateQrCodesArgs>({
      query: (body) => ({ url: '/pack/containers/generate_codes/', method: 'POST', body }),
      // New containers change the provider's totals and stock, and add a batch.
      invalidatesTags: ['AdminSummary', 'Stock', 'QrBatch'],
    }),
  }),
});

export const { useGenerateQrCodesMutation } = generateQrCodesApi;

import { Type } from 'typebox';

// The batches as the panel reads them: one definition, in the contract.
export {
  GenerateCodesReply,
  QrBatchSchema,
  QrBatchWithCodesSchema,
  type QrBatch,
  type QrBatchWithCodes,
} from '@panel/shared/contract';

export const MAX_CODES_PER_CALL = 10_000;

export const GenerateCodesBody = Type.Object({
  country: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.String({ minLength: 1, maxLength: 64 }),
  count: Type.Integer({ minimum: 1, maximum: MAX_CODES_PER_CALL }),
});

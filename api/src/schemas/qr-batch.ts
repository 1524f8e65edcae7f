import { Type, type Static } from 'typebox';

export const MAX_CODES_PER_CALL = 10_000;

export const QrBatchSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ description: 'ISO-8601 UTC time of the generate_codes call' }),
  created_by: Type.Object(
    { id: Type.Integer(), email: Type.String() },
    { description: 'The super admin who generated the batch' },
  ),
  country: Type.String(),
  type: Type.String({ description: 'Container type key' }),
  count: Type.Integer(),
});
export type QrBatch = Static<typeof QrBatchSchema>;

export const QrBatchWithCodesSchema = Type.Object({
  ...QrBatchSchema.properties,
  codes: Type.Array(Type.String(), {
    description: 'In generation order: codes[n - 1] is the label qr_code_{n}.png',
  }),
});
export type QrBatchWithCodes = Static<typeof QrBatchWithCodesSchema>;

export const GenerateCodesBody = Type.Object({
  country: Type.String({ minLength: 1, maxLength: 100 }),
  type: Type.String({ minLength: 1, maxLength: 64 }),
  count: Type.Integer({ minimum: 1, maximum: MAX_CODES_PER_CALL }),
});

export const GenerateCodesReply = Type.Object({
  generated_codes: Type.Array(Type.String()),
  batch_id: Type.Integer({ description: 'The QR batch recording this call' }),
});

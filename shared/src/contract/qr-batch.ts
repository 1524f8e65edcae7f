import { Type, type Static } from 'typebox';

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

export const GenerateCodesReply = Type.Object({
  generated_codes: Type.Array(Type.String()),
  batch_id: Type.Integer({ description: 'The QR batch recording this call' }),
});

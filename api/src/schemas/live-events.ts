import { Type, type Static } from 'typebox';

import { Nullable } from './common';

/**
 * One change, as the event stream sends it: what changed, never the change
 * itself. Clients re-read what they show through the API, which applies
 * its usual rules. `id` is the audit entry's id, and the stream's event id.
 */
export const LiveEventSchema = Type.Object({
  id: Type.Integer(),
  action: Type.String({ description: "The audit entry's action, e.g. request.approve" }),
  kind: Type.String({ description: 'What changed: request, shop, loan, qr_batch, account …' }),
  target: Nullable(Type.Integer({ description: 'Its id' })),
  shop: Nullable(Type.Integer({ description: 'The shop it concerns' })),
});
export type LiveEvent = Static<typeof LiveEventSchema>;

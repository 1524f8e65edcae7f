import type { Db } from '../db/connect';
import type { DigestContent } from '../lib/mail-texts';

/** How many registrations and requests a digest lists by name; the rest are counted. */
export const DIGEST_LIST_MAX = 50;

/** Shops registered and requests sent in [since, until), oldest first. */
export async function readDigest(db: Db, since: string, until: string): Promise<DigestContent> {
  const shops = db
    .selectFrom('shops')
    .where('created_date', '>=', since)
    .where('created_date', '<', until);
  const requests = db
    .selectFrom('container_requests')
    .where('request_date', '>=', since)
    .where('request_date', '<', until);
  const [shopCount, shopItems, requestCount, requestItems] = await Promise.all([
    shops.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    shops
      .select(['name', 'email'])
      .orderBy('created_date')
      .orderBy('id')
      .limit(DIGEST_LIST_MAX)
      .execute(),
    requests.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    requests
      .innerJoin('shops', 'shops.id', 'container_requests.shop_id')
      .select((eb) => [
        'container_requests.id',
        'shops.name as shop',
        eb
          .selectFrom('request_items')
          .select((inner) => inner.fn.sum<number>('quantity').as('q'))
          .whereRef('request_items.request_id', '=', 'container_requests.id')
          .as('containers'),
      ])
      .orderBy('container_requests.request_date')
      .orderBy('container_requests.id')
      .limit(DIGEST_LIST_MAX)
      .execute(),
  ]);
  return {
    since,
    until,
    registrations: { total: Number(shopCount.n), items: shopItems },
    requests: {
      total: Number(requestCount.n),
      items: requestItems.map((r) => ({
        id: r.id,
        shop: r.shop,
        containers: Number(r.containers ?? 0),
      })),
    },
  };
}

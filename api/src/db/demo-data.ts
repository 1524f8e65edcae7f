import { generateContainers } from '../repositories/containers';
import { lendContainers, returnContainers } from '../repositories/loans';
import { systemAudit } from '../lib/audit';
import { createRequest, decideRequest } from '../repositories/requests';
import { insertShop } from '../repositories/shops';
import type { Db } from './connect';

export const DEMO_LOGINS = [
  { role: 'super admin', email: 'admin@example.com', password: 'admin12345' },
  { role: 'shop (active)', email: 'shop@example.com', password: 'shop12345' },
  { role: 'shop (active)', email: 'shop2@example.com', password: 'shop12345' },
  { role: 'shop (inactive, cannot log in)', email: 'pending@example.com', password: 'shop12345' },
] as const;

export const CONTAINER_TYPES = [
  { key: 'bottle', label: 'Bottle 500 ml', guarantee_amount: 2 },
  { key: 'bowl', label: 'Bowl 750 ml', guarantee_amount: 3.5 },
  { key: 'box', label: 'Lunch box', guarantee_amount: 5 },
  { key: 'cup', label: 'Cup 350 ml', guarantee_amount: 1.5 },
];

export const COUNTRIES = [
  'Austria',
  'France',
  'Germany',
  'Italy',
  'Spain',
  'United Arab Emirates',
  'United Kingdom',
];

const DAY = 24 * 3600 * 1000;

/** Container types and countries: reference data every database needs. */
export async function ensureReferenceData(db: Db): Promise<void> {
  const types = await db.selectFrom('container_types').select('key').execute();
  if (types.length === 0) await db.insertInto('container_types').values(CONTAINER_TYPES).execute();
  const countries = await db.selectFrom('countries').select('name').execute();
  if (countries.length === 0)
    await db
      .insertInto('countries')
      .values(COUNTRIES.map((name) => ({ name })))
      .execute();
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/*
 * The demo passwords' hashes, computed once (Argon2id m=19 MiB, t=2, p=1,
 * as hashSecret makes them): seeding, and the scale seed's thousands of shops,
 * then cost no hashing at all. The passwords are public demo logins anyway.
 */
export const DEMO_ADMIN_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Zz5UBKUGwzp1UXqGQWB29Q$7oLoGuedxo74Nh52wmb6gtqoXKvvWyI1GB0fj8tW5SM';
export const DEMO_SHOP_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$sGToLJ81duM9fErRgTw0mA$Rd+eRIUeqMrRedbl7jbmBA5PKBpQuolKBAosj51v9nw';

/**
 * Seeds the demo when the database has no accounts yet: the logins above,
 * stock at the provider and at shops, loans over the last 7 days relative to
 * `now` (some overdue, some without deadline, some returned) and requests in
 * all three states. Answers whether it seeded anything.
 */
export async function ensureDemoData(db: Db, now = new Date()): Promise<boolean> {
  await ensureReferenceData(db);
  const [admins, shops] = await Promise.all([
    db.selectFrom('admins').select('id').limit(1).execute(),
    db.selectFrom('shops').select('id').limit(1).execute(),
  ]);
  if (admins.length > 0 || shops.length > 0) return false;

  const [adminHash, shopHash] = [DEMO_ADMIN_HASH, DEMO_SHOP_HASH];
  await db
    .insertInto('admins')
    .values({ email: 'admin@example.com', password_hash: adminHash })
    .execute();

  const created = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
  const shop = (
    name: string,
    email: string,
    status: 'active' | 'inactive',
    phone: string,
    gis: [number, number],
    daysAgo: number,
  ) =>
    insertShop(db, systemAudit(new Date(created(daysAgo))), {
      name,
      email,
      phone,
      logo: null,
      created_date: created(daysAgo),
      status,
      x_gis: gis[0],
      y_gis: gis[1],
      password_hash: shopHash,
    });
  const green = await shop(
    'Green Cafe',
    'shop@example.com',
    'active',
    '+971 50 123 4567',
    [24.4539, 54.3773],
    30,
  );
  const deli = await shop(
    'Eco Deli',
    'shop2@example.com',
    'active',
    '+971 50 765 4321',
    [24.4667, 54.3667],
    12,
  );
  await shop(
    'Fresh Market',
    'pending@example.com',
    'inactive',
    '+44 20 7946 0000',
    [51.505, -0.09],
    1,
  );

  for (const type of CONTAINER_TYPES) {
    await generateContainers(db, { typeKey: type.key, country: 'United Arab Emirates', count: 80 });
  }
  // Earlier approved requests are what put stock in the shops.
  const stocked = async (
    shopId: number,
    items: Array<{ container_type: string; count: number }>,
    daysAgo: number,
  ) => {
    const request = await createRequest(
      db,
      systemAudit(new Date(now.getTime() - daysAgo * DAY)),
      shopId,
      items,
    );
    const decidedAt = new Date(now.getTime() - daysAgo * DAY + 3600e3);
    await decideRequest(
      db,
      systemAudit(decidedAt),
      request.id,
      { approved: true, reason: 'admin' },
      decidedAt,
    );
  };
  await stocked(
    green.id,
    [
      { container_type: 'cup', count: 40 },
      { container_type: 'bowl', count: 25 },
      { container_type: 'box', count: 20 },
    ],
    9,
  );
  await stocked(
    deli.id,
    [
      { container_type: 'cup', count: 20 },
      { container_type: 'box', count: 15 },
    ],
    8,
  );
  const denied = await createRequest(db, systemAudit(new Date(now.getTime() - 5 * DAY)), green.id, [
    { container_type: 'bottle', count: 50 },
  ]);
  const deniedAt = new Date(now.getTime() - 4 * DAY);
  await decideRequest(
    db,
    systemAudit(deniedAt),
    denied.id,
    { approved: false, reason: 'admin' },
    deniedAt,
  );
  await createRequest(db, systemAudit(new Date(now.getTime() - DAY)), green.id, [
    { container_type: 'cup', count: 10 },
    { container_type: 'bowl', count: 5 },
  ]);
  await createRequest(db, systemAudit(new Date(now.getTime() - 2 * 3600e3)), deli.id, [
    { container_type: 'bottle', count: 12 },
  ]);

  const stockCodes = async (shopId: number, type: string) =>
    (
      await db
        .selectFrom('containers')
        .select('code')
        .where('shop_id', '=', shopId)
        .where('loan_id', 'is', null)
        .where('type_key', '=', type)
        .orderBy('id')
        .execute()
    ).map((r) => r.code);
  const pools: Record<number, Record<string, string[]>> = {};
  for (const s of [green.id, deli.id]) {
    pools[s] = {};
    for (const t of ['cup', 'bowl', 'box'])
      (pools[s] as Record<string, string[]>)[t] = await stockCodes(s, t);
  }
  const take = (shopId: number, type: string, n: number) =>
    (pools[shopId]?.[type] ?? []).splice(0, n);

  // [shop, days ago, hour, client, containers, due in days (null = no deadline), returned after hours]
  const plan: Array<
    [number, number, number, string, Array<[string, number]>, number | null, number | null]
  > = [
    [green.id, 6, 9, 'Alice Martin', [['cup', 2]], 2, 5],
    [green.id, 6, 12, 'Bob Smith', [['box', 1]], 3, null],
    [
      green.id,
      5,
      10,
      'Carla Rossi',
      [
        ['bowl', 2],
        ['cup', 1],
      ],
      null,
      null,
    ],
    [green.id, 5, 16, 'Alice Martin', [['cup', 1]], 1, 20],
    [green.id, 4, 11, 'Dan Brown', [['box', 2]], 10, null],
    [green.id, 3, 8, 'Eve Adams', [['cup', 3]], 2, null],
    [green.id, 3, 13, 'Frank Li', [['bowl', 1]], null, 30],
    [
      green.id,
      2,
      9,
      'Grace Kim',
      [
        ['cup', 2],
        ['box', 1],
      ],
      5,
      null,
    ],
    [green.id, 1, 15, 'Bob Smith', [['bowl', 2]], 7, null],
    [green.id, 1, 17, 'Hana Sato', [['cup', 1]], null, null],
    [green.id, 0, 8, 'Ivan Petrov', [['box', 1]], 3, null],
    [deli.id, 6, 10, 'Jon Snow', [['cup', 2]], 1, null],
    [deli.id, 4, 12, 'Kate Moss', [['box', 1]], null, 6],
    [
      deli.id,
      2,
      14,
      'Liam Neeson',
      [
        ['cup', 1],
        ['box', 1],
      ],
      4,
      null,
    ],
    [deli.id, 0, 7, 'Mia Wong', [['cup', 3]], null, null],
  ];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (const [shopId, daysAgo, hour, client, items, dueIn, returnAfter] of plan) {
    // Keep every loan in the past, even early in the UTC day.
    const given = new Date(
      Math.min(today - daysAgo * DAY + hour * 3600e3, now.getTime() - (daysAgo === 0 ? 60e3 : 0)),
    );
    const codes = items.flatMap(([type, n]) => take(shopId, type, n));
    const shopName = shopId === green.id ? green.name : deli.name;
    await lendContainers(
      db,
      systemAudit(given),
      { id: shopId, name: shopName },
      {
        codes,
        client,
        dueDate: dueIn === null ? null : isoDay(new Date(given.getTime() + dueIn * DAY)),
      },
      given,
    );
    if (returnAfter !== null) {
      const back = new Date(Math.min(given.getTime() + returnAfter * 3600e3, now.getTime()));
      await returnContainers(db, systemAudit(back), { id: shopId }, codes, back);
    }
  }
  return true;
}

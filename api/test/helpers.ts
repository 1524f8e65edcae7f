import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Client } from 'pg';

import { buildApp } from '../src/app';
import type { Limit, RateLimits } from '../src/config';
import { connect, type Db, type DbKind } from '../src/db/connect';
import { ensureReferenceData } from '../src/db/demo-data';
import { migrateToLatest } from '../src/db/migrate';
import { signToken } from '../src/lib/jwt';
import type { MailMessage } from '../src/lib/mailer';
import { hashSecret } from '../src/lib/passwords';
import { insertContainers } from '../src/repositories/containers';
import { systemAudit } from '../src/lib/audit';
import { insertShop } from '../src/repositories/shops';
import { createMemoryMailer } from './memory-mailer';

export const PASSWORD = 'password123';
export const JWT_SECRET = 'test-secret';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  kind: DbKind;
  mail: MailMessage[];
  dataDir: string;
  admin: { id: number; email: string; token: string };
  shopA: { id: number; email: string; name: string; token: string };
  shopB: { id: number; email: string; name: string; token: string };
  inactive: { id: number; email: string };
  /** Pins the clock used for loans, requests and the weekly figures. */
  setNow(date: Date | null): void;
  /** PostgreSQL only: another connection pool on the same database, as another API process has. */
  another(): Db;
  /**
   * Another app instance (closed with the context): on PostgreSQL on a pool
   * of its own, as a second API process has; on SQLite on the same database.
   */
  startAnotherInstance(): Promise<FastifyInstance>;
  call(
    options: InjectOptions & { token?: string },
  ): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  close(): Promise<void>;
}

let passwordHash: Promise<string> | null = null;

const PLENTY: Limit = { max: 1_000_000, windowMs: 60_000 };
/** Limits no ordinary test reaches; rate-limit tests pass small ones. */
export const GENEROUS_LIMITS: RateLimits = {
  login: { perIp: PLENTY, perAccountIp: PLENTY, perAccount: PLENTY },
  forgetPassword: { perIp: PLENTY, perAccountIp: PLENTY, perAccount: PLENTY },
  resetPassword: { perIp: PLENTY, perAccountIp: PLENTY, perAccount: PLENTY },
  register: { perIp: PLENTY, perAccountIp: PLENTY, perAccount: PLENTY },
};

export interface TestOptions {
  rateLimits?: RateLimits;
  /** Per-IP limit of remote-load reports (default: one no test reaches). */
  remoteLoadsLimit?: Limit;
  /** The release controller's secret (default: none, so no header is accepted). */
  releaseControllerToken?: string;
}

interface TestDatabase {
  db: Db;
  kind: DbKind;
  /** Another connection pool on the same database, as a second API process would open. */
  another(): Db;
  drop: () => Promise<void>;
}

/**
 * API_TEST_INSTANCES=2 (PostgreSQL only): every test file builds two app
 * instances, each with its own connection pool and data directory (what two
 * API processes behind a load balancer have), and `call` alternates between
 * them, so the whole suite shows that nothing a request needs lives in one
 * process.
 */
const instancesOn = (kind: DbKind) =>
  kind === 'postgres' && process.env.API_TEST_INSTANCES === '2' ? 2 : 1;

/** The database the Jest project chose (jest.config.cjs). */
const CHOSEN: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

async function openDatabase(chosen: DbKind): Promise<TestDatabase> {
  if (chosen === 'postgres') {
    const url = process.env.PG_TEST_URL;
    if (!url) throw new Error('PG_TEST_URL is not set');
    // One schema per test file, so files run in parallel on one database.
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const { db, kind } = connect(url, { schema });
    const others: Db[] = [];
    return {
      db,
      kind,
      another: () => {
        const other = connect(url, { schema }).db;
        others.push(other);
        return other;
      },
      drop: async () => {
        await Promise.all([db, ...others].map((d) => d.destroy()));
        const client = new Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      },
    };
  }
  const { db, kind } = connect('sqlite::memory:');
  return {
    db,
    kind,
    another: () => {
      throw new Error('A second instance needs a shared database (PostgreSQL).');
    },
    drop: () => db.destroy(),
  };
}

/** A fresh migrated database with the reference data, a super admin, two active shops and an inactive one. */
export function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  return contextOn(CHOSEN, options);
}

/**
 * The same on SQLite whatever the project chose: for a file whose checks
 * do not depend on the database (the OpenAPI document, the patterns a
 * request meets before any query), which jest.config.cjs then runs in one
 * project, not in each.
 */
export function createSqliteTestContext(options: TestOptions = {}): Promise<TestContext> {
  return contextOn('sqlite', options);
}

async function contextOn(chosen: DbKind, options: TestOptions): Promise<TestContext> {
  const { db, kind, drop, another } = await openDatabase(chosen);
  await migrateToLatest(db, kind);
  await ensureReferenceData(db);
  passwordHash ??= hashSecret(PASSWORD);
  const hash = await passwordHash;
  const admin = await db
    .insertInto('admins')
    .values({ email: 'admin@test.dev', password_hash: hash })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  const shop = (name: string, email: string, status: 'active' | 'inactive', createdDate: string) =>
    insertShop(db, systemAudit(), {
      name,
      email,
      phone: '+1 555 0100',
      logo: null,
      created_date: createdDate,
      status,
      x_gis: 10,
      y_gis: 20,
      password_hash: hash,
    });
  const a = await shop('Shop A', 'a@test.dev', 'active', '2025-01-01T00:00:00.000Z');
  const b = await shop('Shop B', 'b@test.dev', 'active', '2025-01-02T00:00:00.000Z');
  const c = await shop('Shop C', 'c@test.dev', 'inactive', '2025-01-03T00:00:00.000Z');

  const mailer = createMemoryMailer();
  let now: Date | null = null;
  const dataDirs: string[] = [];
  const instance = async (instanceDb: Db) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'panel-api-'));
    dataDirs.push(dir);
    return buildApp(
      {
        db: instanceDb,
        kind,
        jwtSecret: JWT_SECRET,
        dataDir: dir,
        mailer,
        now: () => now ?? new Date(),
        releaseControllerToken: options.releaseControllerToken,
      },
      {
        rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
        remoteLoadsLimit: options.remoteLoadsLimit ?? PLENTY,
        compileSchemasOnFirstUse: true,
      },
    );
  };
  const app = await instance(db);
  const apps = [app];
  const extraApps: FastifyInstance[] = [];
  for (let i = 1; i < instancesOn(kind); i++) apps.push(await instance(another()));
  const dataDir = dataDirs[0] as string;
  let turn = 0;
  const token = (kind: 'admin' | 'shop', id: number) => signToken({ kind, id, ver: 0 }, JWT_SECRET);

  return {
    app,
    db,
    kind,
    mail: mailer.sent,
    dataDir,
    admin: { id: admin.id, email: admin.email, token: token('admin', admin.id) },
    shopA: { id: a.id, email: a.email, name: a.name, token: token('shop', a.id) },
    shopB: { id: b.id, email: b.email, name: b.name, token: token('shop', b.id) },
    inactive: { id: c.id, email: c.email },
    setNow(date) {
      now = date;
    },
    another,
    async startAnotherInstance() {
      const extra = await instance(kind === 'postgres' ? another() : db);
      extraApps.push(extra);
      return extra;
    },
    call({ token: bearer, headers, ...options }) {
      const target = apps[turn++ % apps.length] as FastifyInstance;
      return target.inject({
        ...options,
        headers: { ...headers, ...(bearer ? { authorization: `JWT ${bearer}` } : {}) },
      });
    },
    async close() {
      await Promise.all([...apps, ...extraApps].map((a) => a.close()));
      await drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh migrated SQLite file with the reference data, in a temporary folder
 * of its own, for tests that need a file (another process or thread opens it).
 */
export async function createSqliteFile(
  prefix: string,
): Promise<{ dir: string; file: string; db: Db }> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const file = path.join(dir, 'panel.sqlite');
  const { db } = connect(`sqlite:${file}`);
  await migrateToLatest(db, 'sqlite');
  await ensureReferenceData(db);
  return { dir, file, db };
}

/** The API on a file createSqliteFile made, as a test calls it (its mail kept in memory). */
export function buildAppOnFile(db: Db, dir: string): Promise<FastifyInstance> {
  return buildApp({
    db,
    kind: 'sqlite',
    jwtSecret: JWT_SECRET,
    dataDir: dir,
    mailer: createMemoryMailer(),
  });
}

/** A test shop's row: active, with no logo and no place, and a password nobody logs in with. */
export function testShopValues(name: string, email: string) {
  return {
    name,
    email,
    phone: '+1 555 0100',
    logo: null,
    created_date: '2025-01-01T00:00:00.000Z',
    status: 'active' as const,
    x_gis: null,
    y_gis: null,
    password_hash: 'unused',
  };
}

/** A multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----panel${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Containers of a type per owner: 'provider' for the provider's warehouse, else the shop id. */
export async function containerOwners(db: Db, type: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('containers')
    .select(['shop_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('type_key', '=', type)
    .groupBy('shop_id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.shop_id ?? 'provider', Number(r.n)]));
}

/** Adds `count` containers of a type straight to a shop's stock (or the provider's with shopId null). */
export async function addStock(
  db: Db,
  shopId: number | null,
  type: string,
  count: number,
): Promise<string[]> {
  const codes = Array.from({ length: count }, () => randomBytes(8).toString('hex'));
  // Through the repository, so the kept figures count them like any container.
  await db
    .transaction()
    .execute((trx) => insertContainers(trx, { shopId, typeKey: type, country: 'France', codes }));
  return codes;
}

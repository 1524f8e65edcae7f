import { buildApp } from './app';
import { loadConfig } from './config';
import { connect, sqliteFileOf } from './db/connect';
import { startCounterThread } from './db/counter-writer';
import { DEMO_LOGINS, ensureDemoData } from './db/demo-data';
import { migrateToLatest } from './db/migrate';
import { startWalCheckpointer } from './db/wal-checkpointer';
import { startAuditPruneTimer } from './lib/audit-retention';
import { startDigestTimer } from './lib/daily-digest';
import { createMailer } from './lib/mailer';
import path from 'node:path';

/** Migrates, seeds the demo into an empty database, listens, and closes gracefully. */
export async function start(): Promise<void> {
  const config = loadConfig();
  const { db, kind } = connect(config.databaseUrl);
  await migrateToLatest(db, kind);
  const seeded = await ensureDemoData(db);
  const sqliteFile = sqliteFileOf(config.databaseUrl);
  const counterThread = sqliteFile === null ? null : await startCounterThread(db, sqliteFile);

  const deps = {
    db,
    kind,
    jwtSecret: config.jwtSecret,
    dataDir: config.dataDir,
    releaseControllerToken: config.releaseControllerToken,
    panelUrl: config.panelUrl,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: (text) => console.log(`[mail] ${text}`),
    }),
  };
  const app = await buildApp(deps, {
    logger: process.env.API_LOG !== 'off',
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    remoteLoadsLimit: config.remoteLoadsLimit,
  });
  const stopDigest = startDigestTimer(deps, {
    hour: config.digestHour,
    log: (error) => app.log.error(error, 'daily digest not sent'),
  });

  const checkpointer = sqliteFile === null ? null : startWalCheckpointer(sqliteFile);
  const stopPrune = startAuditPruneTimer(db, {
    days: config.auditRetentionDays,
    log: (error) => app.log.error(error, 'audit log not pruned'),
  });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    stopDigest();
    stopPrune();
    await app.close();
    await counterThread?.stop();
    await checkpointer?.stop();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = kind === 'sqlite' ? config.databaseUrl : 'PostgreSQL';
  console.log(
    [
      '',
      `API on http://localhost:${config.port}/api/v0  (docs: http://localhost:${config.port}/api/docs)`,
      `Database: ${where}${seeded ? ' (demo data seeded)' : ''}`,
      'Demo logins:',
      ...DEMO_LOGINS.map((l) => `  ${l.role.padEnd(32)} ${l.email.padEnd(22)} ${l.password}`),
      '',
    ].join('\n'),
  );
}

if (require.main === module) {
  start().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

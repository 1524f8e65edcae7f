import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: string;
  smtpUrl: string | null;
  publicApiUrl: string;
}

/** The repository root, so data/ lands in the same place whatever the cwd is. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // Generated once and kept, so a restart does not log everybody out.
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Every environment variable the API reads, with its working default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR || 'data');
  const port = Number(env.API_PORT || 8000);
  return {
    port: Number.isInteger(port) && port > 0 ? port : 8000,
    // Loopback unless HOST (all of the panel's servers) or API_HOST exposes it.
    host: env.API_HOST || env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || `sqlite:${path.join(dataDir, 'panel.sqlite')}`,
    jwtSecret: env.JWT_SECRET || readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL || null,
    publicApiUrl: env.PUBLIC_API_URL || `http://localhost:${port}`,
  };
}

import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * One of OWASP's recommended scrypt settings: N=2^14, r=8, p=5 costs 16 MiB
 * per hash (N=2^17, p=1 would need 128 MiB), so parallel logins cannot
 * exhaust the server's memory while each guess stays expensive.
 */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 5 } as const;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
/** What hashes without stored parameters (`scrypt$<salt>$<hash>`) were made with. */
const LEGACY_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };
/** Bounds on the parameters read back from a stored hash, so a bad row cannot cost the server more than this. */
const MAX_LOG_N = 17;
const MAX_R = 16;
const MAX_P = 16;

const paramText = ({ N, r, p }: ScryptParams) => `N=${N},r=${r},p=${p}`;

function derive(secret: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; Node refuses above maxmem (32 MiB by default).
  const maxmem = 256 * N * r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function parseParams(text: string): ScryptParams | null {
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(text);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const logN = Math.log2(N);
  if (!Number.isInteger(logN) || logN < 1 || logN > MAX_LOG_N) return null;
  if (r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  return { N, r, p };
}

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** `scrypt$N=…,r=…,p=…$<salt>$<key>` (base64url), or the older `scrypt$<salt>$<key>`. */
function parseStored(stored: string): StoredHash | null {
  const parts = stored.split('$');
  let params: ScryptParams | null;
  let salt: string | undefined;
  let key: string | undefined;
  if (parts.length === 3) {
    params = LEGACY_PARAMS;
    [, salt, key] = parts;
  } else if (parts.length === 4) {
    params = parseParams(parts[1] as string);
    [, , salt, key] = parts;
  } else {
    return null;
  }
  if (parts[0] !== 'scrypt' || !params || !salt || !key) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, SCRYPT_PARAMS);
  return `scrypt$${paramText(SCRYPT_PARAMS)}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const parsed = parseStored(stored ?? '');
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const actual = await derive(secret, parsed.salt, parsed.params);
  return timingSafeEqual(actual, parsed.key);
}

/** Whether a stored hash was made with other parameters than today's (rehash it at the next login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  return !parsed || paramText(parsed.params) !== paramText(SCRYPT_PARAMS);
}

/**
 * A well-formed hash at today's parameters that matches no password:
 * verifying against it keeps a login for an unknown e-mail as slow as one
 * for a known e-mail.
 */
export const DUMMY_HASH = `scrypt$${paramText(SCRYPT_PARAMS)}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

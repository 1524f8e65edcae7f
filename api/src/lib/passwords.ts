import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

import { hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1; the
 * library's default algorithm): as memory-hard per guess as the scrypt
 * N=2^14, r=8, p=5 used before, but about 30 ms per login on this hardware
 * instead of 250–450 ms, which the login's way to the dashboard waited on.
 * 19 MiB per hash bounds what parallel logins can take from the server.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = '$argon2id$v=19$';
/** Bounds on the parameters read back from a stored hash, so a bad row cannot cost the server more than this. */
const ARGON2_MAX = { memoryCost: 131072, timeCost: 10, parallelism: 8 };

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
/** What scrypt hashes without stored parameters (`scrypt$<salt>$<hash>`) were made with. */
const LEGACY_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };
const MAX_LOG_N = 17;
const MAX_R = 16;
const MAX_P = 16;

function derive(secret: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; Node refuses above maxmem (32 MiB by default).
  const maxmem = 256 * N * r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function parseScryptParams(text: string): ScryptParams | null {
  const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(text);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const logN = Math.log2(N);
  if (!Number.isInteger(logN) || logN < 1 || logN > MAX_LOG_N) return null;
  if (r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  return { N, r, p };
}

interface ScryptHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** The hashes written before Argon2id: `scrypt$N=…,r=…,p=…$<salt>$<key>` (base64url), or the older `scrypt$<salt>$<key>`. */
function parseScrypt(stored: string): ScryptHash | null {
  const parts = stored.split('$');
  let params: ScryptParams | null;
  let salt: string | undefined;
  let key: string | undefined;
  if (parts.length === 3) {
    params = LEGACY_PARAMS;
    [, salt, key] = parts;
  } else if (parts.length === 4) {
    params = parseScryptParams(parts[1] as string);
    [, , salt, key] = parts;
  } else {
    return null;
  }
  if (parts[0] !== 'scrypt' || !params || !salt || !key) return null;
  const parsed = {
    params,
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
  return parsed.key.length === KEY_LENGTH ? parsed : null;
}

/** The parameters of a well-formed Argon2id hash within bounds, else null. */
function argon2Params(stored: string): typeof ARGON2_PARAMS | null {
  if (!stored.startsWith(ARGON2_PREFIX)) return null;
  try {
    const { memoryCost, timeCost, parallelism } = parseOptions(stored);
    const within =
      memoryCost <= ARGON2_MAX.memoryCost &&
      timeCost <= ARGON2_MAX.timeCost &&
      parallelism <= ARGON2_MAX.parallelism;
    return within ? ({ memoryCost, timeCost, parallelism } as typeof ARGON2_PARAMS) : null;
  } catch {
    return null;
  }
}

export function hashSecret(secret: string): Promise<string> {
  return argon2Hash(secret, ARGON2_PARAMS);
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  const text = stored ?? '';
  if (argon2Params(text)) {
    try {
      return await argon2Verify(text, secret);
    } catch {
      return false;
    }
  }
  const scryptHash = parseScrypt(text);
  if (!scryptHash) return false;
  const actual = await derive(secret, scryptHash.salt, scryptHash.params);
  return timingSafeEqual(actual, scryptHash.key);
}

/** Whether a stored hash is not Argon2id at today's parameters (rehash it at the next login). */
export function needsRehash(stored: string): boolean {
  const params = argon2Params(stored);
  return (
    !params ||
    params.memoryCost !== ARGON2_PARAMS.memoryCost ||
    params.timeCost !== ARGON2_PARAMS.timeCost ||
    params.parallelism !== ARGON2_PARAMS.parallelism
  );
}

/**
 * A well-formed hash at today's parameters that matches no password
 * (random salt and key): verifying against it keeps a login for an unknown
 * e-mail as slow as one for a known e-mail.
 */
export const DUMMY_HASH =
  `${ARGON2_PREFIX}m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}` +
  `$${randomBytes(16)
    .toString('base64')
    .replace(/={1,2}$/, '')}$${randomBytes(32)
    .toString('base64')
    .replace(/={1,2}$/, '')}`;

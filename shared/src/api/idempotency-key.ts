/**
 * A fresh Idempotency-Key for one user action (a lend, a take-back): every
 * retry of that action sends the same key, so the API answers the first
 * answer again instead of acting twice. crypto.randomUUID exists only on
 * secure origins; getRandomValues exists everywhere, plain http included.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 4122 version 4: the key reads as a UUID in the API's logs.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

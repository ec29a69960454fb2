import { createHash, randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An opaque random token, 256 bits, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex: how session tokens are stored (they are random, so a fast hash is enough). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Unguessable tracking reference: 'T' + 14 Crockford base32 characters (70 bits). */
export function trackingReference(): string {
  const bytes = randomBytes(14);
  let out = 'T';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

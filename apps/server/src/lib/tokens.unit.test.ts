import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken, sha256, trackingReference } from './tokens';

describe('tokens', () => {
  it('hands out 256-bit base64url tokens, never the same bytes twice across pool refills', () => {
    const tokens = Array.from({ length: 1_000 }, randomToken);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t))).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every 32-byte slice differs from every other: no slice of a pool is reused.
    const halves = new Set(tokens.flatMap((t) => [t.slice(0, 21), t.slice(21)]));
    expect(halves.size).toBe(2 * tokens.length);
  });

  it('hashes with SHA-256 as hex', () => {
    expect(sha256('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it("makes tracking references of 'T' and 14 Crockford characters", () => {
    expect(trackingReference()).toMatch(/^T[0-9A-HJKMNP-TV-Z]{14}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, isEmailList } from './email-list';

const SAMPLES = [
  'ops@example.co.uk',
  'first.last+tag@sub.example.com',
  "o'brien@example.ie",
  'a@b.co',
  'UPPER@EXAMPLE.COM',
  '.lead@example.com',
  'double..dot@example.com',
  'trail.@example.com',
  'no-at-sign.example.com',
  'two@@example.com',
  'user@-example.com',
  'user@example',
  'user@example.c',
  'user@exa_mple.com',
  'user name@example.com',
  '',
  'ünïcode@example.com',
];

describe('isEmailList', () => {
  it("answers as zod's z.email() does for each address", () => {
    for (const sample of SAMPLES)
      expect([sample, EMAIL_PATTERN.test(sample)]).toEqual([sample, z.email().safeParse(sample).success]);
  });

  it('takes an empty list and lists split by ; or ,, and refuses a list with one bad address', () => {
    expect(isEmailList('  ')).toBe(true);
    expect(isEmailList('a@example.com; b@example.co.uk,c@example.org')).toBe(true);
    expect(isEmailList('a@example.com; not-an-address')).toBe(false);
    expect(isEmailList('a@example.com;')).toBe(false);
  });
});

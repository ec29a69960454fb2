import { describe, expect, it } from 'vitest';
import { strengthLevel } from '@courier/contracts';
import { passwordScore } from './strength';

describe('passwordScore (zxcvbn)', () => {
  it('scores nothing for no password and little for a common one', () => {
    expect(passwordScore('')).toBe(0);
    expect(strengthLevel(passwordScore('password'))).toBe(0);
    expect(strengthLevel(passwordScore('Password1!'))).toBeLessThanOrEqual(1);
  });

  it('scores a long passphrase at least Strong', () => {
    const score = passwordScore('violet-Harbour-quickly-9361-lantern');
    expect(score).toBeLessThanOrEqual(100);
    expect(strengthLevel(score)).toBeGreaterThanOrEqual(4);
  });

  it('counts the username as a known word', () => {
    const password = 'Quixotically7';
    expect(passwordScore(password, ['quixotically7'])).toBeLessThan(passwordScore(password));
  });
});

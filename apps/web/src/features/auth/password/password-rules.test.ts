import { describe, expect, it } from 'vitest';
import type { PasswordPolicy } from '@courier/contracts';
import { CONFIRM_MISMATCH, confirmError, passwordError, policyHint } from './password-rules';

const strict: PasswordPolicy = { minLength: 8, enforceRules: 'T' };
const loose: PasswordPolicy = { minLength: 6, enforceRules: 'F' };

describe('policyHint', () => {
  it('describes the policy under the field', () => {
    expect(policyHint(strict)).toBe(
      'At least 8 characters, with upper and lower case letters, a digit and a symbol, and not your username',
    );
    expect(policyHint(loose)).toBe('At least 6 characters');
  });
});

describe('passwordError', () => {
  it('asks for a password', () => {
    expect(passwordError('', 'sam', strict)).toBe('Password is required');
  });

  it('shows the first problem under the policy', () => {
    expect(passwordError('Ab1!', 'sam', strict)).toBe('Password must be at least 8 characters');
    expect(passwordError('abcdefg1!', 'sam', strict)).toBe('Password must contain an upper-case letter');
    expect(passwordError('ABCDEFG1!', 'sam', strict)).toBe('Password must contain a lower-case letter');
    expect(passwordError('Abcdefgh!', 'sam', strict)).toBe('Password must contain a digit');
    expect(passwordError('Abcdefgh1', 'sam', strict)).toBe('Password must contain a symbol');
    expect(passwordError('Sam.Jones1', 'sam.JONES1', strict)).toBe(
      'Password cannot be the same as the username',
    );
  });

  it('accepts a password that meets the policy', () => {
    expect(passwordError('Customer#2026', 'customer', strict)).toBeNull();
  });

  it('checks only the length without the rules', () => {
    expect(passwordError('abcdef', 'abcdef', loose)).toBeNull();
    expect(passwordError('abcde', 'sam', loose)).toBe('Password must be at least 6 characters');
  });
});

describe('confirmError', () => {
  it('asks for the confirmation and for a match', () => {
    expect(confirmError('', 'Customer#2026')).toBe('Please confirm the password');
    expect(confirmError('Customer#2025', 'Customer#2026')).toBe(CONFIRM_MISMATCH);
    expect(CONFIRM_MISMATCH).toBe('Passwords do not match');
    expect(confirmError('Customer#2026', 'Customer#2026')).toBeNull();
  });
});

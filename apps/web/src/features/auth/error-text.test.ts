import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { fieldText } from './error-text';

/** An ApiError as the client builds it from an error answer. */
const refusal = (status: number, fields?: Record<string, string>) =>
  new ApiError(status, 'X', 'Refused', fields);

describe('fieldText', () => {
  it('names the field of any refusal that names it: a taken username (409) under Username', () => {
    expect(fieldText(refusal(409, { ausr_logon: 'Username taken' }), 'ausr_logon')).toBe('Username taken');
    expect(fieldText(refusal(400, { password: 'Too short' }), 'password')).toBe('Too short');
    expect(fieldText(refusal(409, { ausr_logon: 'Username taken' }), 'ausr_password')).toBeUndefined();
    expect(fieldText(refusal(500, { ausr_logon: 'x' }), 'ausr_logon')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('sends payers and mail links back to the port the server runs on unless PUBLIC_URL says otherwise', () => {
    expect(readEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readEnv({ PORT: '3101' }).PUBLIC_URL).toBe('http://localhost:3101');
    expect(readEnv({ PORT: '3101', PUBLIC_URL: 'https://portal.example.com' }).PUBLIC_URL).toBe(
      'https://portal.example.com',
    );
  });

  it('names each bad variable', () => {
    expect(() => readEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT: .*\n.*LOG_LEVEL/s);
  });
});

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

  it('serves the sandbox card page only where demo data is seeded, unless PAYMENT_SANDBOX says otherwise', () => {
    expect(readEnv({}).PAYMENT_SANDBOX).toBe(true);
    expect(readEnv({ SEED_DEMO: 'false' }).PAYMENT_SANDBOX).toBe(false);
    expect(readEnv({ SEED_DEMO: 'false', PAYMENT_SANDBOX: 'true' }).PAYMENT_SANDBOX).toBe(true);
    expect(readEnv({ PAYMENT_SANDBOX: 'false' }).PAYMENT_SANDBOX).toBe(false);
  });

  it('trusts X-Forwarded-For only from the proxies TRUST_PROXY names: none by default, private ones for true', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe('loopback, linklocal, uniquelocal');
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => readEnv({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('names each bad variable', () => {
    expect(() => readEnv({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT: .*\n.*LOG_LEVEL/s);
  });
});

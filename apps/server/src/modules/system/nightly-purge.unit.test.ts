import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/tenants';
import { systemClock } from '../../lib/clock';
import { NIGHTLY_PURGES, runNightlyPurges, type Purge } from './nightly-purge.job';

describe('the nightly purges', () => {
  it('purge the log, the expired quotes, the expired secrets and old idempotency keys', () => {
    expect(NIGHTLY_PURGES.map((p) => p.name)).toEqual([
      'log purge',
      'quote purge',
      'expired secrets purge',
      'idempotency key purge',
    ]);
  });

  it('run every purge on every tenant, and a failure stops neither the other purges nor tenants', async () => {
    const tenant = (name: string) => ({ name, db: { name } as unknown as Db }) as Tenant;
    const ran: string[] = [];
    const purge = (name: string, fails = ''): Purge => ({
      name,
      run: async (db) => {
        const on = (db as unknown as { name: string }).name;
        ran.push(`${name}@${on}`);
        if (on === fails) throw new Error('connection lost');
        return 1;
      },
    });
    const logged: string[] = [];
    await runNightlyPurges({ tenants: [tenant('A'), tenant('B')] }, systemClock, (msg) => logged.push(msg), [
      purge('log purge', 'A'),
      purge('quote purge'),
    ]);
    expect(ran).toEqual(['log purge@A', 'quote purge@A', 'log purge@B', 'quote purge@B']);
    expect(logged).toEqual(['log purge failed for A']);
  });
});

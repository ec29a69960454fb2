import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drivers } from './control';
import { users } from './users';

/**
 * Checks of a secret across all the logins and sessions of its owner, kept for an hour, by kind:
 * a user's 'otp' (a one-time code) and 'password' (the current password a signed-in change asks
 * for), a driver's 'pin' (the driver page's sign-in). Each row has one owner: a user or a driver.
 * A row is taken before a check and removed again when it passed, so what stays are the failures.
 * Sessions and addresses come and go; these rows do not, which bounds the guesses one known
 * password, one stolen session or many addresses can buy (credential-checks.repository).
 */
export const credentialChecks = pgTable(
  'credential_checks',
  {
    chk_id: serial('chk_id').primaryKey(),
    chk_ausr_id: integer('chk_ausr_id').references(() => users.ausr_id, { onDelete: 'cascade' }),
    chk_drv_driver: varchar('chk_drv_driver', { length: 10 }).references(() => drivers.drv_driver, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    chk_kind: varchar('chk_kind', { length: 20 }).notNull(),
    chk_time: timestamp('chk_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('credential_checks_user_idx').on(t.chk_ausr_id, t.chk_kind, t.chk_time),
    index('credential_checks_driver_idx').on(t.chk_drv_driver, t.chk_kind, t.chk_time),
    check('credential_checks_one_owner', sql`num_nonnulls(${t.chk_ausr_id}, ${t.chk_drv_driver}) = 1`),
  ],
);

import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Versions of what a process may keep in memory between calls. `ctx_name` 'lookups': the settings,
 * tariffs, service types, docket statuses and accounts; triggers on those tables add one to it in
 * the writing transaction (migration 0018), so a call that used a kept copy can check, in the
 * statement that stores or serves its result, that the copy is still current.
 */
export const contextVersions = pgTable('context_versions', {
  ctx_name: varchar('ctx_name', { length: 20 }).primaryKey(),
  ctx_version: bigint('ctx_version', { mode: 'number' }).notNull().default(0),
});

/** Settings by group (general, mandatory, message, default, config, customer, hoo); cust_id 0 = global. */
export const settings = pgTable(
  'settings',
  {
    sett_group: varchar('sett_group', { length: 20 }).notNull(),
    sett_key: varchar('sett_key', { length: 100 }).notNull(),
    sett_cust_id: integer('sett_cust_id').notNull().default(0),
    sett_value: text('sett_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sett_group, t.sett_key, t.sett_cust_id] })],
);

/** Audit log read by the log viewer: time, user, unit, process, type (spec "bookings…" §3 Log entry). */
export const auditLog = pgTable(
  'audit_log',
  {
    log_id: bigserial('log_id', { mode: 'number' }).primaryKey(),
    log_time: timestamp('log_time', { withTimezone: true }).notNull().defaultNow(),
    log_user: varchar('log_user', { length: 100 }).notNull().default(''),
    log_unit: varchar('log_unit', { length: 50 }).notNull(),
    log_process: varchar('log_process', { length: 100 }).notNull(),
    log_type: varchar('log_type', { length: 20 }).notNull(),
    log_detail: jsonb('log_detail'),
  },
  (t) => [index('audit_log_time_idx').on(t.log_time, t.log_id)],
);

/**
 * Idempotency keys of calls that create or charge (docket/post now; the driver page and payments
 * later): the caller's key, the call, a SHA-256 of the request and the first answer, written in the
 * same transaction as what the call created. A repeat answers the stored result.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    idem_ausr_id: integer('idem_ausr_id').notNull(),
    idem_route: varchar('idem_route', { length: 50 }).notNull(),
    idem_key: varchar('idem_key', { length: 100 }).notNull(),
    idem_request_hash: varchar('idem_request_hash', { length: 64 }).notNull(),
    idem_response: jsonb('idem_response').notNull(),
    idem_created: timestamp('idem_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idem_ausr_id, t.idem_route, t.idem_key] }),
    index('idempotency_keys_created_idx').on(t.idem_created),
  ],
);

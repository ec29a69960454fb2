import { char, index, integer, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { tariffTypes } from './lookups';

/**
 * Circuits (cir_*, spec "access…" §3 Circuit): a saved selection of dockets and its columns.
 * `cir_selectfields` holds the columns, one a line, `label~field` or `field`. The selection: each
 * non-empty list must contain the docket's value (statuses, account ids, service types, collection
 * post code areas such as 'M' or 'WA'); `cir_window_hours` keeps dockets booked in the last so many
 * hours (null: any age). A docket is flagged for countdown `cir_countdown_minutes` before its due time.
 */
export const circuits = pgTable('circuits', {
  cir_id: serial('cir_id').primaryKey(),
  cir_circ_code: varchar('cir_circ_code', { length: 10 }).notNull().unique(),
  cir_name: varchar('cir_name', { length: 50 }).notNull(),
  cir_selectfields: text('cir_selectfields').notNull().default(''),
  cir_statuses: text('cir_statuses')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cir_cust_ids: integer('cir_cust_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  cir_serv_types: text('cir_serv_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cir_postcode_areas: text('cir_postcode_areas')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cir_window_hours: integer('cir_window_hours'),
  cir_countdown_minutes: integer('cir_countdown_minutes').notNull().default(30),
});

/**
 * Users linked to circuits (acia_*, spec "bookings…" §3 User linked circuits): `acia_update` 'T'
 * allows status changes; `acia_refresh` seconds between board refreshes (null → 30, 0 → none).
 */
export const circuitUsers = pgTable(
  'circuit_users',
  {
    acia_ausr_id: integer('acia_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    acia_cir_id: integer('acia_cir_id')
      .notNull()
      .references(() => circuits.cir_id, { onDelete: 'cascade' }),
    acia_update: char('acia_update', { length: 1 }).notNull().default('F'),
    acia_refresh: integer('acia_refresh'),
  },
  (t) => [
    primaryKey({ columns: [t.acia_ausr_id, t.acia_cir_id] }),
    index('circuit_users_cir_idx').on(t.acia_cir_id),
  ],
);

/**
 * Drivers (drv_*): code, name, mobile telephone, vehicle (tariff id 1–11), active flag, and the
 * argon2id hash of the PIN the control room sets for the driver page (null: cannot sign in).
 */
export const drivers = pgTable(
  'drivers',
  {
    drv_driver: varchar('drv_driver', { length: 10 }).primaryKey(),
    drv_name: varchar('drv_name', { length: 50 }).notNull(),
    drv_mobile: varchar('drv_mobile', { length: 20 }).notNull().default(''),
    drv_tariff: integer('drv_tariff')
      .notNull()
      .references(() => tariffTypes.ttyp_tariff),
    drv_active: char('drv_active', { length: 1 }).notNull().default('T'),
    drv_pin_hash: text('drv_pin_hash'),
  },
  (t) => [index('drivers_name_idx').on(t.drv_name)],
);

/** Exception reasons (exc_*, exception/list): why a docket was cancelled or queried; editable. */
export const exceptionReasons = pgTable('exception_reasons', {
  exc_code: varchar('exc_code', { length: 10 }).primaryKey(),
  exc_description: varchar('exc_description', { length: 100 }).notNull(),
  exc_active: char('exc_active', { length: 1 }).notNull().default('T'),
});

import {
  bigint,
  bigserial,
  char,
  doublePrecision,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers';
import { users } from './users';
import { docketStatuses } from './lookups';
import { drivers, exceptionReasons } from './control';

/**
 * Dockets (spec "bookings…" §3 Docket). dck_docket is sequential per tenant; money in pence;
 * distance in miles; time in minutes. dck_search holds lower-cased searchable text.
 */
export const dockets = pgTable(
  'dockets',
  {
    dck_id: serial('dck_id').primaryKey(),
    dck_docket: bigint('dck_docket', { mode: 'number' }).notNull().unique(),
    dck_cust_id: integer('dck_cust_id')
      .notNull()
      .references(() => customers.cust_id),
    dck_ausr_id: integer('dck_ausr_id').references(() => users.ausr_id, { onDelete: 'set null' }),
    dck_serv_type: varchar('dck_serv_type', { length: 3 }).notNull().default('A'),
    dck_tariff: integer('dck_tariff').notNull(),
    dck_cust_ref1: varchar('dck_cust_ref1', { length: 30 }).notNull().default(''),
    dck_cust_ref2: varchar('dck_cust_ref2', { length: 30 }).notNull().default(''),
    dck_cust_ref3: varchar('dck_cust_ref3', { length: 30 }).notNull().default(''),
    dck_cust_ref4: varchar('dck_cust_ref4', { length: 30 }).notNull().default(''),
    dck_cust_ref5: varchar('dck_cust_ref5', { length: 30 }).notNull().default(''),
    dck_cust_ref6: varchar('dck_cust_ref6', { length: 30 }).notNull().default(''),
    dck_contact: varchar('dck_contact', { length: 50 }).notNull().default(''),
    dck_telephone: varchar('dck_telephone', { length: 20 }).notNull().default(''),
    dck_email: varchar('dck_email', { length: 200 }).notNull().default(''),
    dck_status: char('dck_status', { length: 1 })
      .notNull()
      .references(() => docketStatuses.dsts_id),
    dck_wandr: char('dck_wandr', { length: 1 }).notNull().default('F'),
    dck_pod: char('dck_pod', { length: 1 }).notNull().default('E'),
    dck_booked: timestamp('dck_booked', { withTimezone: true }).notNull().defaultNow(),
    dck_distance: numeric('dck_distance', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    dck_time: integer('dck_time').notNull().default(0),
    dck_net_pence: integer('dck_net_pence').notNull().default(0),
    dck_vat_pence: integer('dck_vat_pence').notNull().default(0),
    dck_total_pence: integer('dck_total_pence').notNull().default(0),
    tracking_reference: varchar('tracking_reference', { length: 20 }).notNull().unique(),
    dck_search: text('dck_search').notNull().default(''),
    /** The user who registered from this booking (spec "access…" §2 Register); one per docket. */
    dck_registered_ausr_id: integer('dck_registered_ausr_id'),
    /** When the docket entered its current status (status changes of the control room). */
    dck_status_time: timestamp('dck_status_time', { withTimezone: true }).notNull().defaultNow(),
    /** The driver allocated (status G), kept through the later statuses. */
    drv_driver: varchar('drv_driver', { length: 10 }).references(() => drivers.drv_driver),
    /**
     * The deadline of the docket's last address (highest dadd_seq), null when it has none: kept by
     * the code that writes the addresses, in its statement (dockets.repository addressColumnsOf), so
     * the on-time report reads it from dockets_report_idx instead of one docket_addresses look-up
     * per delivered docket (bench:report).
     */
    dck_last_deadline: timestamp('dck_last_deadline', { withTimezone: true }),
    /**
     * The town and post code of the docket's first (collection) and last (delivery) address, by
     * dadd_seq: kept by the code that writes the addresses, in its statement (addressColumnsOf),
     * so the booking list and tracking read them from the docket instead of two docket_addresses
     * look-ups per row (bench `recent`). Addresses are not changed after booking; code that ever
     * does must set these too (docket-address-columns.test.ts checks every write path).
     */
    dck_from_town: varchar('dck_from_town', { length: 30 }),
    dck_from_postcode: varchar('dck_from_postcode', { length: 9 }),
    dck_to_town: varchar('dck_to_town', { length: 30 }),
    dck_to_postcode: varchar('dck_to_postcode', { length: 9 }),
    /**
     * When the docket was first recorded delivered: the earliest 'Delivered' status record of its
     * trace, kept by a trigger on trace_records in the writing transaction (migration 0019), so the
     * on-time report reads it from dockets_report_idx instead of grouping the trace (bench:report).
     */
    dck_delivered_at: timestamp('dck_delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('dockets_cust_docket_idx').on(t.dck_cust_id, t.dck_docket.desc()),
    // Reports read a date range of bookings (report-definition.ts bookedInRange) and only these
    // columns, the on-time report dck_last_deadline and dck_delivered_at too: an index-only scan of this ~170 MB index
    // instead of the ~400 MB table at 1,000,000 dockets (bench:report) when the planner prefers it.
    // Its first column serves every other range read of dck_booked.
    index('dockets_report_idx').on(
      t.dck_booked,
      t.dck_cust_id,
      t.dck_status,
      t.dck_tariff,
      t.dck_total_pence,
      t.dck_net_pence,
      t.dck_vat_pence,
      t.dck_status_time,
      t.dck_id,
      t.dck_ausr_id,
      t.dck_registered_ausr_id,
      t.drv_driver,
      t.dck_distance,
      t.dck_last_deadline,
      t.dck_delivered_at,
    ),
    index('dockets_cust_booked_idx').on(t.dck_cust_id, t.dck_booked),
    // A pending list of 512 kB, not 4 MB: every search reads it through (migration 0023).
    index('dockets_search_trgm_idx')
      .using('gin', sql`${t.dck_search} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 512 }),
    // The own-bookings scope: the dockets a user booked or registered from.
    index('dockets_ausr_docket_idx').on(t.dck_ausr_id, t.dck_docket.desc()),
    index('dockets_registered_idx').on(t.dck_registered_ausr_id),
    // Circuits select by status; the driver's load counts their open jobs.
    index('dockets_status_docket_idx').on(t.dck_status, t.dck_docket),
    index('dockets_driver_status_idx').on(t.drv_driver, t.dck_status),
  ],
);

/** Docket addresses (dadd_*), in booking order dadd_seq; type 0 collect, 1 deliver. */
export const docketAddresses = pgTable(
  'docket_addresses',
  {
    dadd_id: serial('dadd_id').primaryKey(),
    dadd_dck_id: integer('dadd_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dadd_seq: integer('dadd_seq').notNull(),
    dadd_addresstype: integer('dadd_addresstype').notNull(),
    dadd_companyname: varchar('dadd_companyname', { length: 40 }).notNull().default(''),
    dadd_build: varchar('dadd_build', { length: 30 }).notNull().default(''),
    dadd_street: varchar('dadd_street', { length: 30 }).notNull().default(''),
    dadd_locality: varchar('dadd_locality', { length: 30 }).notNull().default(''),
    dadd_town: varchar('dadd_town', { length: 30 }).notNull().default(''),
    dadd_county: varchar('dadd_county', { length: 30 }).notNull().default(''),
    dadd_country: varchar('dadd_country', { length: 30 }).notNull().default('United Kingdom'),
    dadd_postalcode: varchar('dadd_postalcode', { length: 9 }).notNull(),
    dadd_latitude: doublePrecision('dadd_latitude'),
    dadd_longitude: doublePrecision('dadd_longitude'),
    dadd_name: varchar('dadd_name', { length: 50 }).notNull().default(''),
    dadd_telephone: varchar('dadd_telephone', { length: 20 }).notNull().default(''),
    dadd_email: varchar('dadd_email', { length: 100 }).notNull().default(''),
    dadd_ready: timestamp('dadd_ready', { withTimezone: true }),
    dadd_deadline: timestamp('dadd_deadline', { withTimezone: true }),
    dadd_projected: timestamp('dadd_projected', { withTimezone: true }),
  },
  (t) => [
    // The deadline too: a docket's last deadline read from the index alone (the backfill of
    // dockets.dck_last_deadline in migration 0017, which the on-time report reads now).
    index('docket_addresses_dck_idx').on(t.dadd_dck_id, t.dadd_seq, t.dadd_deadline),
    // Control boards sorted by collection deadline (soonest first) read the collection rows in order.
    index('docket_addresses_collection_deadline_idx')
      .on(t.dadd_deadline, t.dadd_dck_id)
      .where(sql`${t.dadd_seq} = 0`),
    // Postcode search of past addresses compares the compact upper-case form, exact or by prefix.
    index('docket_addresses_postcode_idx').using(
      'btree',
      sql`upper(replace(${t.dadd_postalcode}, ' ', '')) text_pattern_ops`,
    ),
  ],
);

/** Barcodes per docket address (dab_*). */
export const barcodes = pgTable(
  'barcodes',
  {
    dab_id: serial('dab_id').primaryKey(),
    dab_dck_id: integer('dab_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dab_dadd_id: integer('dab_dadd_id')
      .notNull()
      .references(() => docketAddresses.dadd_id, { onDelete: 'cascade' }),
    dab_barcode: varchar('dab_barcode', { length: 40 }).notNull(),
    dab_reference: varchar('dab_reference', { length: 40 }).notNull().default(''),
  },
  (t) => [index('barcodes_dck_idx').on(t.dab_dck_id)],
);

/** Parcels (dpcl_*): quantity of pieces and weight per piece in kg. */
export const parcels = pgTable(
  'parcels',
  {
    dpcl_id: serial('dpcl_id').primaryKey(),
    dpcl_dck_id: integer('dpcl_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dpcl_quantity: integer('dpcl_quantity').notNull(),
    dpcl_weight: numeric('dpcl_weight', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    dpcl_description: varchar('dpcl_description', { length: 50 }).notNull().default(''),
  },
  (t) => [index('parcels_dck_idx').on(t.dpcl_dck_id)],
);

/** Docket numbers: sequential per tenant database. */
export const docketNumberSeq = pgSequence('dck_docket_seq', { startWith: 100001 });

/**
 * Registration secrets (spec "access…" §2 Register): one per booking confirmation mail, SHA-256 of
 * 256 random bits, bound to the docket and the e-mail it was sent to, single use, expiring 30 days
 * after the booking.
 */
export const registrationTokens = pgTable(
  'registration_tokens',
  {
    rtok_id: serial('rtok_id').primaryKey(),
    rtok_dck_id: integer('rtok_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    rtok_token_hash: char('rtok_token_hash', { length: 64 }).notNull().unique(),
    rtok_email: varchar('rtok_email', { length: 200 }).notNull(),
    rtok_expires: timestamp('rtok_expires', { withTimezone: true }).notNull(),
    rtok_used: timestamp('rtok_used', { withTimezone: true }),
  },
  (t) => [index('registration_tokens_dck_idx').on(t.rtok_dck_id)],
);

/**
 * Status history (dsh_*): one row per status change, written in the transaction that changes the
 * docket. `dsh_time` is the status time (now, or the time the operator gave); `dsh_recorded` when
 * it was entered. `dsh_reason` holds the reason of B and C, `dsh_signed_by` who signed.
 */
export const docketStatusHistory = pgTable(
  'docket_status_history',
  {
    dsh_id: bigserial('dsh_id', { mode: 'number' }).primaryKey(),
    dsh_dck_id: integer('dsh_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dsh_from: char('dsh_from', { length: 1 }).notNull(),
    dsh_to: char('dsh_to', { length: 1 }).notNull(),
    dsh_time: timestamp('dsh_time', { withTimezone: true }).notNull(),
    dsh_recorded: timestamp('dsh_recorded', { withTimezone: true }).notNull().defaultNow(),
    dsh_ausr_id: integer('dsh_ausr_id').references(() => users.ausr_id, { onDelete: 'set null' }),
    dsh_logon: varchar('dsh_logon', { length: 100 }).notNull(),
    drv_driver: varchar('drv_driver', { length: 10 }).references(() => drivers.drv_driver),
    dsh_reason: varchar('dsh_reason', { length: 200 }).notNull().default(''),
    dsh_signed_by: varchar('dsh_signed_by', { length: 50 }).notNull().default(''),
    exc_code: varchar('exc_code', { length: 10 }).references(() => exceptionReasons.exc_code),
  },
  (t) => [index('docket_status_history_dck_idx').on(t.dsh_dck_id, t.dsh_id)],
);

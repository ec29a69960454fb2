import {
  bigserial,
  char,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { docketAddresses, dockets } from './dockets';
import { drivers } from './control';

/** PostgreSQL `bytea` as a Node Buffer (images of proof of delivery). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** What a trace record is: a barcode scan, a status change or a position report. */
export const TRACE_KINDS = ['scan', 'status', 'position'] as const;

/**
 * Trace records (dtr_*, spec "bookings…" §3 Trace record): one event of a docket on the road.
 * `dtr_scandate` is when it happened (the phone's time for queued events), `dtr_recorded` when the
 * server stored it. `cg_cust_ref1`/`cg_reference` are the consignment number and reference,
 * `dab_reference` the trace reference of the barcode scanned; `dsts_id` the status a status
 * record moved to. Coordinates in WGS84 degrees.
 */
export const traceRecords = pgTable(
  'trace_records',
  {
    dtr_id: bigserial('dtr_id', { mode: 'number' }).primaryKey(),
    dtr_dck_id: integer('dtr_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    drv_driver: varchar('drv_driver', { length: 10 }).references(() => drivers.drv_driver),
    dtr_kind: varchar('dtr_kind', { length: 10, enum: TRACE_KINDS }).notNull(),
    dtr_scandate: timestamp('dtr_scandate', { withTimezone: true }).notNull(),
    dtr_recorded: timestamp('dtr_recorded', { withTimezone: true }).notNull().defaultNow(),
    tloc_description: varchar('tloc_description', { length: 100 }).notNull().default(''),
    dtr_box: varchar('dtr_box', { length: 40 }).notNull().default(''),
    dtr_item: varchar('dtr_item', { length: 60 }).notNull().default(''),
    cg_cust_ref1: varchar('cg_cust_ref1', { length: 30 }).notNull().default(''),
    cg_reference: varchar('cg_reference', { length: 40 }).notNull().default(''),
    dab_reference: varchar('dab_reference', { length: 40 }).notNull().default(''),
    dsts_id: char('dsts_id', { length: 1 }),
    dtr_latitude: doublePrecision('dtr_latitude'),
    dtr_longitude: doublePrecision('dtr_longitude'),
  },
  (t) => [
    index('trace_records_dck_idx').on(t.dtr_dck_id, t.dtr_scandate),
    // The Track and Trace list filters by date.
    index('trace_records_scandate_idx').on(t.dtr_scandate),
  ],
);

/**
 * Signatures (dsig_*, proof of delivery): who signed at which address, when and where, and the
 * drawn image as PNG bytes (served by GET /api/docket/signature/{id}, never inlined in lists).
 */
export const docketSignatures = pgTable(
  'docket_signatures',
  {
    dsig_id: serial('dsig_id').primaryKey(),
    dsig_dck_id: integer('dsig_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dsig_dadd_id: integer('dsig_dadd_id').references(() => docketAddresses.dadd_id, {
      onDelete: 'set null',
    }),
    drv_driver: varchar('drv_driver', { length: 10 }).references(() => drivers.drv_driver),
    dsig_signed_by: varchar('dsig_signed_by', { length: 50 }).notNull(),
    dsig_time: timestamp('dsig_time', { withTimezone: true }).notNull(),
    dsig_latitude: doublePrecision('dsig_latitude'),
    dsig_longitude: doublePrecision('dsig_longitude'),
    dsig_png: bytea('dsig_png').notNull(),
  },
  (t) => [index('docket_signatures_dck_idx').on(t.dsig_dck_id)],
);

/** Delivery photos (dpho_*): optional proof of delivery, JPEG or PNG bytes with their media type. */
export const docketPhotos = pgTable(
  'docket_photos',
  {
    dpho_id: serial('dpho_id').primaryKey(),
    dpho_dck_id: integer('dpho_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dpho_dadd_id: integer('dpho_dadd_id').references(() => docketAddresses.dadd_id, {
      onDelete: 'set null',
    }),
    drv_driver: varchar('drv_driver', { length: 10 }).references(() => drivers.drv_driver),
    dpho_time: timestamp('dpho_time', { withTimezone: true }).notNull(),
    dpho_type: varchar('dpho_type', { length: 20, enum: ['image/jpeg', 'image/png'] }).notNull(),
    dpho_bytes: bytea('dpho_bytes').notNull(),
  },
  (t) => [index('docket_photos_dck_idx').on(t.dpho_dck_id)],
);

/** Stock lines (stk_*, the Stock List): the items a docket carries, and the container (`dtr_box`). */
export const stockLines = pgTable(
  'stock_lines',
  {
    stk_id: serial('stk_id').primaryKey(),
    stk_dck_id: integer('stk_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    stk_code: varchar('stk_code', { length: 40 }).notNull(),
    stk_description: varchar('stk_description', { length: 100 }).notNull().default(''),
    stk_quantity: integer('stk_quantity').notNull().default(1),
    dtr_box: varchar('dtr_box', { length: 40 }).notNull().default(''),
  },
  (t) => [index('stock_lines_dck_idx').on(t.stk_dck_id)],
);

/**
 * Driver sessions (dses_*): a separate session kind from users' `sessions`, opened with the driver
 * code and PIN; only the SHA-256 of the token is stored. A driver token never reaches user calls,
 * nor a user token the driver calls.
 */
export const driverSessions = pgTable(
  'driver_sessions',
  {
    dses_id: serial('dses_id').primaryKey(),
    dses_token_hash: char('dses_token_hash', { length: 64 }).notNull().unique(),
    drv_driver: varchar('drv_driver', { length: 10 })
      .notNull()
      .references(() => drivers.drv_driver, { onDelete: 'cascade', onUpdate: 'cascade' }),
    dses_created: timestamp('dses_created', { withTimezone: true }).notNull().defaultNow(),
    dses_last_seen: timestamp('dses_last_seen', { withTimezone: true }).notNull().defaultNow(),
    dses_expires: timestamp('dses_expires', { withTimezone: true }).notNull(),
  },
  (t) => [index('driver_sessions_driver_idx').on(t.drv_driver)],
);

/** The events a docket's e-mail addresses are told of (issue 10 §3, beyond the spec). */
export const NOTICE_EVENTS = ['collected', 'delivered'] as const;

/**
 * Tracking e-mail notices (dnot_*): one row per docket and event, the unique key that keeps a
 * notice from going out twice (two status changes racing, a replayed driver action, two server
 * processes sending). `dnot_claimed` is set when a sender takes it, `dnot_sent` when the mail server
 * accepted it; a failed send is released for another try, at most NOTICE_ATTEMPTS times.
 */
export const docketNotices = pgTable(
  'docket_notices',
  {
    dnot_id: serial('dnot_id').primaryKey(),
    dnot_dck_id: integer('dnot_dck_id')
      .notNull()
      .references(() => dockets.dck_id, { onDelete: 'cascade' }),
    dnot_event: varchar('dnot_event', { length: 20, enum: NOTICE_EVENTS }).notNull(),
    dnot_created: timestamp('dnot_created', { withTimezone: true }).notNull(),
    dnot_claimed: timestamp('dnot_claimed', { withTimezone: true }),
    dnot_sent: timestamp('dnot_sent', { withTimezone: true }),
    dnot_attempts: integer('dnot_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('docket_notices_event_uq').on(t.dnot_dck_id, t.dnot_event),
    index('docket_notices_pending_idx')
      .on(t.dnot_id)
      .where(sql`${t.dnot_sent} is null`),
  ],
);

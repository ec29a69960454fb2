import {
  char,
  index,
  integer,
  json,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers';
import { dockets } from './dockets';
import { users } from './users';

/**
 * Quotes of the quote wizard (spec "bookings…" §2, §4 Quote wizard). The guid a guest holds is 256
 * random bits of which only the SHA-256 is kept (`quote_guid_hash`): a leaked table gives no
 * usable guid. `quote_data` is the booking as entered (post codes, parcels, then contact and
 * addresses); `quote_tariffs` the tariffs offered with their prices frozen in pence (miles,
 * minutes, and the rates their price lines are shown from: modules/quotes/frozen-tariffs.ts).
 * `quote_expires_at` is 15 minutes after the tariffs page was reached. `quote_dck_id` is unique:
 * one docket per quote, held by the database (an index on booked quotes only). Stored with
 * toast_tuple_target 8160 (migration 0020): a quote's row stays inline and uncompressed. Both
 * JSON columns are `json`, not `jsonb` (migration 0024): nothing queries inside them, and a new
 * quote per call made the conversion a third of the insert.
 */
export const quotes = pgTable(
  'quotes',
  {
    quote_id: serial('quote_id').primaryKey(),
    quote_guid_hash: char('quote_guid_hash', { length: 64 }).notNull().unique(),
    quote_cust_id: integer('quote_cust_id')
      .notNull()
      .references(() => customers.cust_id),
    /** The signed-in user who quoted, if any; the docket's dck_ausr_id. */
    quote_ausr_id: integer('quote_ausr_id').references(() => users.ausr_id, { onDelete: 'set null' }),
    /** priced | chosen | detailed | booked. */
    quote_state: varchar('quote_state', { length: 10 }).notNull().default('priced'),
    quote_data: json('quote_data').notNull(),
    quote_tariffs: json('quote_tariffs').notNull(),
    quote_tariff: integer('quote_tariff'),
    quote_created: timestamp('quote_created', { withTimezone: true }).notNull(),
    quote_expires_at: timestamp('quote_expires_at', { withTimezone: true }).notNull(),
    quote_dck_id: integer('quote_dck_id').references(() => dockets.dck_id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('quotes_dck_id_idx')
      .on(t.quote_dck_id)
      .where(sql`${t.quote_dck_id} is not null`),
  ],
);

/**
 * Card authorisations (issue 11 §2), for the control room: the provider, its reference, the hold
 * in pence and the state (pending, authorised, declined, abandoned, failed). Authorise only: a
 * hold is never captured here. `pauth_dck_id` is unique: one docket per authorisation.
 */
export const paymentAuthorisations = pgTable(
  'payment_authorisations',
  {
    pauth_id: serial('pauth_id').primaryKey(),
    pauth_quote_id: integer('pauth_quote_id')
      .notNull()
      .references(() => quotes.quote_id, { onDelete: 'cascade' }),
    pauth_provider: varchar('pauth_provider', { length: 20 }).notNull(),
    pauth_reference: varchar('pauth_reference', { length: 200 }).notNull(),
    pauth_amount_pence: integer('pauth_amount_pence').notNull(),
    pauth_currency: char('pauth_currency', { length: 3 }).notNull().default('GBP'),
    pauth_state: varchar('pauth_state', { length: 12 }).notNull().default('pending'),
    pauth_message: varchar('pauth_message', { length: 300 }).notNull().default(''),
    pauth_dck_id: integer('pauth_dck_id')
      .unique()
      .references(() => dockets.dck_id, { onDelete: 'set null' }),
    pauth_created: timestamp('pauth_created', { withTimezone: true }).notNull(),
    pauth_updated: timestamp('pauth_updated', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_authorisations_ref_idx').on(t.pauth_provider, t.pauth_reference),
    index('payment_authorisations_quote_idx').on(t.pauth_quote_id),
  ],
);

/**
 * The sandbox provider's own book (what Stripe or Worldpay keep on their side): one test payment
 * per reference, open until the test card page authorises, declines or it is cancelled.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  sbx_reference: varchar('sbx_reference', { length: 64 }).primaryKey(),
  sbx_amount_pence: integer('sbx_amount_pence').notNull(),
  sbx_currency: char('sbx_currency', { length: 3 }).notNull(),
  sbx_description: varchar('sbx_description', { length: 200 }).notNull().default(''),
  sbx_return_url: varchar('sbx_return_url', { length: 500 }).notNull(),
  /** open | authorised | declined | cancelled. */
  sbx_state: varchar('sbx_state', { length: 10 }).notNull().default('open'),
  sbx_card_last4: char('sbx_card_last4', { length: 4 }),
  sbx_created: timestamp('sbx_created', { withTimezone: true }).notNull(),
});

/**
 * The orders our server placed with Worldpay, one per customerOrderCode (our reference of a
 * payment): the row is written before the order is placed, so a reload, a second tab or a repeat
 * of quote/payment with the same card token finds it and never places a second order. `wp_state`:
 * placing | challenged (3-D Secure asked for) | authorised | declined | failed | cancelled.
 */
export const worldpayOrders = pgTable('worldpay_orders', {
  wp_customer_order_code: varchar('wp_customer_order_code', { length: 64 }).primaryKey(),
  /** Worldpay's own orderCode, once it answered. */
  wp_order_code: varchar('wp_order_code', { length: 100 }),
  wp_state: varchar('wp_state', { length: 10 }).notNull(),
  wp_amount_pence: integer('wp_amount_pence').notNull(),
  wp_currency: char('wp_currency', { length: 3 }).notNull(),
  wp_message: varchar('wp_message', { length: 300 }).notNull().default(''),
  /** While challenged: the card issuer's 3-D Secure page (Worldpay's redirectURL) and the PaReq to post to it (oneTime3DsToken). */
  wp_3ds_url: varchar('wp_3ds_url', { length: 2000 }),
  wp_3ds_pareq: text('wp_3ds_pareq'),
  wp_created: timestamp('wp_created', { withTimezone: true }).notNull(),
});

import { sql } from 'drizzle-orm';
import { char, doublePrecision, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';

/** Customer accounts (spec "access…" §3 Customer, "bookings…" §3 Customer). */
export const customers = pgTable('customers', {
  cust_id: serial('cust_id').primaryKey(),
  cust_name: varchar('cust_name', { length: 100 }).notNull(),
  cust_acc_code: varchar('cust_acc_code', { length: 20 }).notNull().unique(),
  cust_mop: char('cust_mop', { length: 1 }).notNull().default('A'),
  cust_mainservice: varchar('cust_mainservice', { length: 3 }),
  cust_mainservicetype: varchar('cust_mainservicetype', { length: 3 }),
  cust_maintariff: integer('cust_maintariff'),
  cust_mainemail: varchar('cust_mainemail', { length: 200 }).notNull().default(''),
  cust_pod_mandatory: char('cust_pod_mandatory', { length: 1 }).notNull().default('N'),
  cust_max_delay: integer('cust_max_delay').notNull().default(0),
  cust_onhold: char('cust_onhold', { length: 1 }).notNull().default('F'),
  cust_ref1_lbl: varchar('cust_ref1_lbl', { length: 30 }).notNull().default('Reference 1'),
  cust_ref2_lbl: varchar('cust_ref2_lbl', { length: 30 }).notNull().default('Reference 2'),
  cust_ref3_lbl: varchar('cust_ref3_lbl', { length: 30 }).notNull().default('Reference 3'),
  cust_ref4_lbl: varchar('cust_ref4_lbl', { length: 30 }).notNull().default('Reference 4'),
  cust_ref5_lbl: varchar('cust_ref5_lbl', { length: 30 }).notNull().default('Reference 5'),
  cust_ref6_lbl: varchar('cust_ref6_lbl', { length: 30 }).notNull().default('Reference 6'),
  cust_ref1_req: char('cust_ref1_req', { length: 1 }).notNull().default('F'),
  cust_ref2_req: char('cust_ref2_req', { length: 1 }).notNull().default('F'),
  cust_ref3_req: char('cust_ref3_req', { length: 1 }).notNull().default('F'),
  cust_ref4_req: char('cust_ref4_req', { length: 1 }).notNull().default('F'),
  cust_ref5_req: char('cust_ref5_req', { length: 1 }).notNull().default('F'),
  cust_ref6_req: char('cust_ref6_req', { length: 1 }).notNull().default('F'),
  cust_ref5_fromlist: char('cust_ref5_fromlist', { length: 1 }).notNull().default('F'),
  cust_web_tracking: text('cust_web_tracking').notNull().default(''),
  cust_web_quicktracking: text('cust_web_quicktracking').notNull().default(''),
});

/** Customer addresses (cadd_*); address_type 0 is the main/account address. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    cadd_id: serial('cadd_id').primaryKey(),
    cadd_cust_id: integer('cadd_cust_id')
      .notNull()
      .references(() => customers.cust_id, { onDelete: 'cascade' }),
    cadd_coname: varchar('cadd_coname', { length: 50 }).notNull().default(''),
    cadd_build: varchar('cadd_build', { length: 50 }).notNull().default(''),
    cadd_street: varchar('cadd_street', { length: 110 }).notNull().default(''),
    cadd_locality: varchar('cadd_locality', { length: 50 }).notNull().default(''),
    cadd_town: varchar('cadd_town', { length: 50 }).notNull().default(''),
    cadd_county: varchar('cadd_county', { length: 50 }).notNull().default(''),
    cadd_country: varchar('cadd_country', { length: 50 }).notNull().default('United Kingdom'),
    cadd_postalcode: varchar('cadd_postalcode', { length: 9 }).notNull().default(''),
    cadd_latitude: doublePrecision('cadd_latitude'),
    cadd_longitude: doublePrecision('cadd_longitude'),
    cadd_address_type: integer('cadd_address_type').notNull().default(1),
    cadd_default_delivery: char('cadd_default_delivery', { length: 1 }).notNull().default('F'),
  },
  (t) => [
    index('customer_addresses_cust_idx').on(t.cadd_cust_id, t.cadd_address_type),
    index('customer_addresses_postcode_idx').using(
      'btree',
      sql`upper(replace(${t.cadd_postalcode}, ' ', '')) text_pattern_ops`,
    ),
  ],
);

/** Customer contacts (ccnt_*), picked in the booking's customer contacts modal. */
export const customerContacts = pgTable(
  'customer_contacts',
  {
    ccnt_id: serial('ccnt_id').primaryKey(),
    ccnt_cust_id: integer('ccnt_cust_id')
      .notNull()
      .references(() => customers.cust_id, { onDelete: 'cascade' }),
    ccnt_name: varchar('ccnt_name', { length: 50 }).notNull(),
    ccnt_telephone: varchar('ccnt_telephone', { length: 20 }).notNull().default(''),
    ccnt_email: varchar('ccnt_email', { length: 200 }).notNull().default(''),
  },
  (t) => [index('customer_contacts_cust_idx').on(t.ccnt_cust_id)],
);

/** Reference list entries (cref_*): allowed values of reference `cref_ref_type` (1–6) of an account. */
export const customerReferences = pgTable(
  'customer_references',
  {
    cref_id: serial('cref_id').primaryKey(),
    cref_cust_id: integer('cref_cust_id')
      .notNull()
      .references(() => customers.cust_id, { onDelete: 'cascade' }),
    cref_ref_type: integer('cref_ref_type').notNull(),
    cref_description: varchar('cref_description', { length: 30 }).notNull(),
  },
  (t) => [index('customer_references_cust_idx').on(t.cref_cust_id, t.cref_ref_type)],
);

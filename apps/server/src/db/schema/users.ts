import {
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers';
import { businessUnits, sites } from './lookups';

const flag = (name: string) => char(name, { length: 1 }).notNull().default('F');

/** Users (spec "bookings…" §3 User; spec "access…" §3 User). Passwords are argon2id hashes. */
export const users = pgTable(
  'users',
  {
    ausr_id: serial('ausr_id').primaryKey(),
    ausr_logon: varchar('ausr_logon', { length: 100 }).notNull().unique(),
    ausr_password: text('ausr_password').notNull(),
    ausr_password_expired: flag('ausr_password_expired'),
    ausr_cust_id: integer('ausr_cust_id').references(() => customers.cust_id),
    ausr_firstname: varchar('ausr_firstname', { length: 50 }).notNull().default(''),
    ausr_lastname: varchar('ausr_lastname', { length: 50 }).notNull().default(''),
    ausr_nickname: varchar('ausr_nickname', { length: 50 }).notNull().default(''),
    ausr_telephone: varchar('ausr_telephone', { length: 30 }).notNull().default(''),
    ausr_email: varchar('ausr_email', { length: 200 }).notNull().default(''),
    ausr_state: varchar('ausr_state', { length: 10 }).notNull().default('existing'),
    ausr_site_id: integer('ausr_site_id').references(() => sites.site_id, { onDelete: 'set null' }),
    ausr_bu_id: integer('ausr_bu_id').references(() => businessUnits.bu_id, { onDelete: 'set null' }),
    ausr_rights_booking: flag('ausr_rights_booking'),
    ausr_rights_history: flag('ausr_rights_history'),
    ausr_rights_price: flag('ausr_rights_price'),
    ausr_booking_summary: flag('ausr_booking_summary'),
    ausr_booking_complete: flag('ausr_booking_complete'),
    ausr_rights_password: flag('ausr_rights_password'),
    ausr_rights_control: flag('ausr_rights_control'),
    ausr_rights_trace: flag('ausr_rights_trace'),
    ausr_trace_disable_docket_access: flag('ausr_trace_disable_docket_access'),
    ausr_rights_admin: flag('ausr_rights_admin'),
    ausr_rights_addressbook: flag('ausr_rights_addressbook'),
    ausr_rights_reports: flag('ausr_rights_reports'),
    ausr_rights_system: flag('ausr_rights_system'),
    ausr_bypass_pcode_validation: flag('ausr_bypass_pcode_validation'),
    ausr_rights_api: flag('ausr_rights_api'),
    ausr_rights_export: flag('ausr_rights_export'),
    ausr_rights_otp: flag('ausr_rights_otp'),
    ausr_accountaddress: flag('ausr_accountaddress'),
    /**
     * 'T': the user sees only their own bookings (those they booked or registered from), never the
     * rest of the linked accounts. Self-registered users start so; an administrator may widen it.
     */
    ausr_own_bookings: flag('ausr_own_bookings'),
  },
  (t) => [
    uniqueIndex('users_logon_lower_idx').on(sql`lower(${t.ausr_logon})`),
    // The user list's default order (spec "bookings…" §9: last name ascending).
    index('users_lastname_idx').on(t.ausr_lastname, t.ausr_id),
  ],
);

/** Accounts linked to a user: the only accounts whose dockets and addresses the user sees. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    uacc_ausr_id: integer('uacc_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    uacc_cust_id: integer('uacc_cust_id')
      .notNull()
      .references(() => customers.cust_id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.uacc_ausr_id, t.uacc_cust_id] })],
);

/** Sessions: only the SHA-256 of the opaque token is stored. Times are UTC. */
export const sessions = pgTable(
  'sessions',
  {
    sess_id: serial('sess_id').primaryKey(),
    sess_token_hash: char('sess_token_hash', { length: 64 }).notNull().unique(),
    sess_ausr_id: integer('sess_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    sess_created: timestamp('sess_created', { withTimezone: true }).notNull().defaultNow(),
    sess_last_seen: timestamp('sess_last_seen', { withTimezone: true }).notNull().defaultNow(),
    sess_expires: timestamp('sess_expires', { withTimezone: true }).notNull(),
    /** 'otp' until the one-time code is verified, 'password' until an expired password is changed, then 'full'. */
    sess_stage: varchar('sess_stage', { length: 10 }).notNull().default('full'),
  },
  (t) => [index('sessions_user_idx').on(t.sess_ausr_id)],
);

/** One-time login codes (spec "access…" §4): argon2id of the 6 digits; 5 tries, then a new code is needed. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    otp_id: serial('otp_id').primaryKey(),
    otp_sess_id: integer('otp_sess_id')
      .notNull()
      .references(() => sessions.sess_id, { onDelete: 'cascade' }),
    otp_code_hash: text('otp_code_hash').notNull(),
    otp_created: timestamp('otp_created', { withTimezone: true }).notNull(),
    otp_expires: timestamp('otp_expires', { withTimezone: true }).notNull(),
    otp_tries: integer('otp_tries').notNull().default(0),
    otp_used: char('otp_used', { length: 1 }).notNull().default('F'),
  },
  (t) => [index('otp_codes_sess_idx').on(t.otp_sess_id)],
);

/**
 * Password reset tokens: SHA-256 only, single use, one hour; a newer link, a reset or a password
 * change marks every older open one used.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    prst_id: serial('prst_id').primaryKey(),
    prst_ausr_id: integer('prst_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    prst_token_hash: char('prst_token_hash', { length: 64 }).notNull().unique(),
    prst_created: timestamp('prst_created', { withTimezone: true }).notNull().defaultNow(),
    prst_expires: timestamp('prst_expires', { withTimezone: true }).notNull(),
    prst_used: timestamp('prst_used', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.prst_ausr_id, t.prst_created)],
);

/**
 * E-mail changes a user asked for on My Account, waiting for the new address to confirm: the new
 * address and the SHA-256 of the mailed link's token; single use, 24 hours; a newer request or a
 * confirmation marks every older open one used.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    emch_id: serial('emch_id').primaryKey(),
    emch_ausr_id: integer('emch_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    emch_email: varchar('emch_email', { length: 200 }).notNull(),
    emch_token_hash: char('emch_token_hash', { length: 64 }).notNull().unique(),
    emch_created: timestamp('emch_created', { withTimezone: true }).notNull().defaultNow(),
    emch_expires: timestamp('emch_expires', { withTimezone: true }).notNull(),
    emch_used: timestamp('emch_used', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.emch_ausr_id, t.emch_created)],
);

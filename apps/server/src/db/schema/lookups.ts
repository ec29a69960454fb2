import { char, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';

/** Service types (styp_*); 'A' is the default service (spec "bookings…" §9). */
export const serviceTypes = pgTable('service_types', {
  styp_id: varchar('styp_id', { length: 3 }).primaryKey(),
  styp_description: varchar('styp_description', { length: 50 }).notNull(),
});

/**
 * Tariff types (ttyp_*), one per vehicle id 1–11 of spec "bookings…" §9.
 * Money in pence; speed in miles per hour.
 */
export const tariffTypes = pgTable('tariff_types', {
  ttyp_tariff: integer('ttyp_tariff').primaryKey(),
  ttyp_description: varchar('ttyp_description', { length: 50 }).notNull(),
  ttyp_base_pence: integer('ttyp_base_pence').notNull(),
  ttyp_per_mile_pence: integer('ttyp_per_mile_pence').notNull(),
  ttyp_extra_parcel_pence: integer('ttyp_extra_parcel_pence').notNull(),
  ttyp_speed_mph: integer('ttyp_speed_mph').notNull(),
});

/** Docket statuses (dsts_*): single-letter ids, comma list of allowed next statuses, colours. */
export const docketStatuses = pgTable('docket_statuses', {
  dsts_id: char('dsts_id', { length: 1 }).primaryKey(),
  dsts_description: varchar('dsts_description', { length: 50 }).notNull(),
  dsts_fwds: varchar('dsts_fwds', { length: 60 }).notNull().default(''),
  dsts_web: char('dsts_web', { length: 1 }).notNull().default('T'),
  dsts_color: varchar('dsts_color', { length: 20 }).notNull().default('#ffffff'),
  dsts_font_color: varchar('dsts_font_color', { length: 20 }).notNull().default('#000000'),
  dsts_complete: char('dsts_complete', { length: 1 }).notNull().default('F'),
});

/** Sites (site/list, spec "bookings…" §7): where a user is allocated (ausr_site_id). */
export const sites = pgTable('sites', {
  site_id: serial('site_id').primaryKey(),
  site_name: varchar('site_name', { length: 50 }).notNull(),
});

/** Business units (bu_*, businessunit/list, spec "bookings…" §3 Business unit), each of a site. */
export const businessUnits = pgTable('business_units', {
  bu_id: serial('bu_id').primaryKey(),
  bu_name: varchar('bu_name', { length: 50 }).notNull(),
  bu_site_id: integer('bu_site_id').references(() => sites.site_id, { onDelete: 'set null' }),
});

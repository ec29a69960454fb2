import { index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Reports (rpt_*, spec "bookings…" §3 Report): a description and the file name the external report
 * viewer opens. Users see only the reports linked to them.
 */
export const reports = pgTable('reports', {
  rpt_id: serial('rpt_id').primaryKey(),
  rpt_desc: varchar('rpt_desc', { length: 100 }).notNull(),
  rpt_path: varchar('rpt_path', { length: 200 }).notNull(),
});

/** Reports linked to a user (spec "bookings…" §3 User linked reports). */
export const userReports = pgTable(
  'user_reports',
  {
    urpt_ausr_id: integer('urpt_ausr_id')
      .notNull()
      .references(() => users.ausr_id, { onDelete: 'cascade' }),
    urpt_rpt_id: integer('urpt_rpt_id')
      .notNull()
      .references(() => reports.rpt_id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.urpt_ausr_id, t.urpt_rpt_id] }),
    index('user_reports_rpt_idx').on(t.urpt_rpt_id),
  ],
);

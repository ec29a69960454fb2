-- The booking list and tracking show the town and post code of a docket's first and last address:
-- kept on the docket by the code that writes its addresses (two docket_addresses look-ups per list
-- row cost PostgreSQL about a third of the list query, bench `recent`). Existing dockets are filled
-- from their addresses here. Start every server process on the new code together (as for 0017's
-- dck_last_deadline): a process still on the old code would book dockets without them.
ALTER TABLE "dockets" ADD COLUMN "dck_from_town" varchar(30);--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_from_postcode" varchar(9);--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_to_town" varchar(30);--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_to_postcode" varchar(9);--> statement-breakpoint
UPDATE "dockets" d
   SET "dck_from_town" = fa.dadd_town, "dck_from_postcode" = fa.dadd_postalcode,
       "dck_to_town" = la.dadd_town, "dck_to_postcode" = la.dadd_postalcode
  FROM (SELECT DISTINCT ON (dadd_dck_id) dadd_dck_id, dadd_town, dadd_postalcode
          FROM docket_addresses ORDER BY dadd_dck_id, dadd_seq) fa,
       (SELECT DISTINCT ON (dadd_dck_id) dadd_dck_id, dadd_town, dadd_postalcode
          FROM docket_addresses ORDER BY dadd_dck_id, dadd_seq DESC) la
 WHERE fa.dadd_dck_id = d.dck_id AND la.dadd_dck_id = d.dck_id;

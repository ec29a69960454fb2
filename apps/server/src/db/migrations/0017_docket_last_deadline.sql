DROP INDEX "dockets_report_idx";--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_last_deadline" timestamp with time zone;--> statement-breakpoint
-- Backfill: each docket's last address's deadline (highest dadd_seq), before the index is built.
UPDATE "dockets" d SET "dck_last_deadline" = l."dadd_deadline"
  FROM (SELECT DISTINCT ON ("dadd_dck_id") "dadd_dck_id", "dadd_deadline" FROM "docket_addresses"
         ORDER BY "dadd_dck_id", "dadd_seq" DESC) l
 WHERE l."dadd_dck_id" = d."dck_id" AND l."dadd_deadline" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dockets_report_idx" ON "dockets" USING btree ("dck_booked","dck_cust_id","dck_status","dck_tariff","dck_total_pence","dck_net_pence","dck_vat_pence","dck_status_time","dck_id","dck_ausr_id","dck_registered_ausr_id","drv_driver","dck_distance","dck_last_deadline");

DROP INDEX "dockets_report_idx";--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_delivered_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: each docket's earliest 'Delivered' status record, before the index is built.
UPDATE "dockets" d SET "dck_delivered_at" = t."at"
  FROM (SELECT "dtr_dck_id", min("dtr_scandate") AS "at" FROM "trace_records"
         WHERE "dtr_kind" = 'status' AND "dsts_id" = 'D' GROUP BY "dtr_dck_id") t
 WHERE t."dtr_dck_id" = d."dck_id";--> statement-breakpoint
-- Kept from now on by the transaction that records a delivery, whichever code writes it.
CREATE FUNCTION "keep_docket_delivered_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "dockets" SET "dck_delivered_at" = NEW."dtr_scandate"
   WHERE "dck_id" = NEW."dtr_dck_id"
     AND ("dck_delivered_at" IS NULL OR "dck_delivered_at" > NEW."dtr_scandate");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "trace_records_delivered_at" AFTER INSERT ON "trace_records"
  FOR EACH ROW WHEN (NEW."dtr_kind" = 'status' AND NEW."dsts_id" = 'D')
  EXECUTE FUNCTION "keep_docket_delivered_at"();--> statement-breakpoint
CREATE INDEX "dockets_report_idx" ON "dockets" USING btree ("dck_booked","dck_cust_id","dck_status","dck_tariff","dck_total_pence","dck_net_pence","dck_vat_pence","dck_status_time","dck_id","dck_ausr_id","dck_registered_ausr_id","drv_driver","dck_distance","dck_last_deadline","dck_delivered_at");
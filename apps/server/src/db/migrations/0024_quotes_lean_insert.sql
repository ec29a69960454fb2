-- quote/alltariffs/list stores one quote per call, so each index and type conversion on a new row
-- is paid per call (bench:alltariffs):
-- * quote_data and quote_tariffs become json: kept as the text written, read back with JSON.parse
--   as before; nothing queries inside them, and converting to jsonb cost PostgreSQL about a third
--   of the insert;
-- * quotes_expires_idx goes: no query reads it;
-- * one docket per quote is kept by a unique index on the booked quotes only (a new quote has no
--   docket, so it gets no entry).
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_quote_dck_id_unique";--> statement-breakpoint
DROP INDEX "quotes_expires_idx";--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "quote_data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "quote_tariffs" SET DATA TYPE json;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_dck_id_idx" ON "quotes" USING btree ("quote_dck_id") WHERE "quotes"."quote_dck_id" is not null;
CREATE TABLE "docket_notices" (
	"dnot_id" serial PRIMARY KEY NOT NULL,
	"dnot_dck_id" integer NOT NULL,
	"dnot_event" varchar(20) NOT NULL,
	"dnot_created" timestamp with time zone NOT NULL,
	"dnot_claimed" timestamp with time zone,
	"dnot_sent" timestamp with time zone,
	"dnot_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "docket_notices" ADD CONSTRAINT "docket_notices_dnot_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dnot_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "docket_notices_event_uq" ON "docket_notices" USING btree ("dnot_dck_id","dnot_event");--> statement-breakpoint
CREATE INDEX "docket_notices_pending_idx" ON "docket_notices" USING btree ("dnot_id") WHERE "docket_notices"."dnot_sent" is null;
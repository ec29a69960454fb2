CREATE TABLE "registration_tokens" (
	"rtok_id" serial PRIMARY KEY NOT NULL,
	"rtok_dck_id" integer NOT NULL,
	"rtok_token_hash" char(64) NOT NULL,
	"rtok_email" varchar(200) NOT NULL,
	"rtok_expires" timestamp with time zone NOT NULL,
	"rtok_used" timestamp with time zone,
	CONSTRAINT "registration_tokens_rtok_token_hash_unique" UNIQUE("rtok_token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "prst_created" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ausr_own_bookings" char(1) DEFAULT 'F' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_rtok_dck_id_dockets_dck_id_fk" FOREIGN KEY ("rtok_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_tokens_dck_idx" ON "registration_tokens" USING btree ("rtok_dck_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("prst_ausr_id","prst_created");--> statement-breakpoint
CREATE UNIQUE INDEX "users_logon_lower_idx" ON "users" USING btree (lower("ausr_logon"));--> statement-breakpoint
CREATE INDEX "dockets_ausr_docket_idx" ON "dockets" USING btree ("dck_ausr_id","dck_docket" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dockets_registered_idx" ON "dockets" USING btree ("dck_registered_ausr_id");--> statement-breakpoint
-- Users who registered through the old path (a tracking reference was enough) saw their booking's
-- whole account: from now on they see only their own bookings, as every self-registered user does.
UPDATE "users" SET "ausr_own_bookings" = 'T'
 WHERE "ausr_id" IN (SELECT "dck_registered_ausr_id" FROM "dockets" WHERE "dck_registered_ausr_id" IS NOT NULL);

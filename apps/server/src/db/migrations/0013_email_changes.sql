CREATE TABLE "email_changes" (
	"emch_id" serial PRIMARY KEY NOT NULL,
	"emch_ausr_id" integer NOT NULL,
	"emch_email" varchar(200) NOT NULL,
	"emch_token_hash" char(64) NOT NULL,
	"emch_created" timestamp with time zone DEFAULT now() NOT NULL,
	"emch_expires" timestamp with time zone NOT NULL,
	"emch_used" timestamp with time zone,
	CONSTRAINT "email_changes_emch_token_hash_unique" UNIQUE("emch_token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_emch_ausr_id_users_ausr_id_fk" FOREIGN KEY ("emch_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("emch_ausr_id","emch_created");
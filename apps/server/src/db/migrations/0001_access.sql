CREATE TABLE "otp_codes" (
	"otp_id" serial PRIMARY KEY NOT NULL,
	"otp_sess_id" integer NOT NULL,
	"otp_code_hash" text NOT NULL,
	"otp_created" timestamp with time zone NOT NULL,
	"otp_expires" timestamp with time zone NOT NULL,
	"otp_tries" integer DEFAULT 0 NOT NULL,
	"otp_used" char(1) DEFAULT 'F' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"prst_id" serial PRIMARY KEY NOT NULL,
	"prst_ausr_id" integer NOT NULL,
	"prst_token_hash" char(64) NOT NULL,
	"prst_expires" timestamp with time zone NOT NULL,
	"prst_used" timestamp with time zone,
	CONSTRAINT "password_resets_prst_token_hash_unique" UNIQUE("prst_token_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sess_stage" varchar(10) DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_registered_ausr_id" integer;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_otp_sess_id_sessions_sess_id_fk" FOREIGN KEY ("otp_sess_id") REFERENCES "public"."sessions"("sess_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_prst_ausr_id_users_ausr_id_fk" FOREIGN KEY ("prst_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codes_sess_idx" ON "otp_codes" USING btree ("otp_sess_id");
-- Checks of a user's secrets (one-time codes, the current password) across logins and sessions
-- (credential-checks.repository): bound the guesses one known password or one stolen session can buy.
CREATE TABLE "credential_checks" (
	"chk_id" serial PRIMARY KEY NOT NULL,
	"chk_ausr_id" integer NOT NULL,
	"chk_kind" varchar(20) NOT NULL,
	"chk_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credential_checks" ADD CONSTRAINT "credential_checks_chk_ausr_id_users_ausr_id_fk" FOREIGN KEY ("chk_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_checks_user_idx" ON "credential_checks" USING btree ("chk_ausr_id","chk_kind","chk_time");
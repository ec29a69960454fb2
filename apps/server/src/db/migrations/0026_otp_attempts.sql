-- One-time code checks per user across logins (otp.service): bounds the codes one known password
-- can guess, whatever the number of logins, sessions or addresses it comes from.
CREATE TABLE "otp_attempts" (
	"ota_id" serial PRIMARY KEY NOT NULL,
	"ota_ausr_id" integer NOT NULL,
	"ota_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_attempts" ADD CONSTRAINT "otp_attempts_ota_ausr_id_users_ausr_id_fk" FOREIGN KEY ("ota_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_attempts_user_idx" ON "otp_attempts" USING btree ("ota_ausr_id","ota_time");
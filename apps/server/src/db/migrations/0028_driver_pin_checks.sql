-- A driver's wrong PINs count against the driver across every address (credential-checks
-- repository, kind 'pin'), as a user's wrong codes and passwords do: the per-address limit alone let
-- many addresses share out the guesses at a six-digit PIN.
ALTER TABLE "credential_checks" ALTER COLUMN "chk_ausr_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_checks" ADD COLUMN "chk_drv_driver" varchar(10);--> statement-breakpoint
ALTER TABLE "credential_checks" ADD CONSTRAINT "credential_checks_chk_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("chk_drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "credential_checks" ADD CONSTRAINT "credential_checks_one_owner" CHECK (num_nonnulls("chk_ausr_id", "chk_drv_driver") = 1);--> statement-breakpoint
CREATE INDEX "credential_checks_driver_idx" ON "credential_checks" USING btree ("chk_drv_driver","chk_kind","chk_time");

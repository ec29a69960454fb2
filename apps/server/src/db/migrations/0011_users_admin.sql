CREATE TABLE "business_units" (
	"bu_id" serial PRIMARY KEY NOT NULL,
	"bu_name" varchar(50) NOT NULL,
	"bu_site_id" integer
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"site_name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"rpt_id" serial PRIMARY KEY NOT NULL,
	"rpt_desc" varchar(100) NOT NULL,
	"rpt_path" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_reports" (
	"urpt_ausr_id" integer NOT NULL,
	"urpt_rpt_id" integer NOT NULL,
	CONSTRAINT "user_reports_urpt_ausr_id_urpt_rpt_id_pk" PRIMARY KEY("urpt_ausr_id","urpt_rpt_id")
);
--> statement-breakpoint
ALTER TABLE "business_units" ADD CONSTRAINT "business_units_bu_site_id_sites_site_id_fk" FOREIGN KEY ("bu_site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_urpt_ausr_id_users_ausr_id_fk" FOREIGN KEY ("urpt_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_urpt_rpt_id_reports_rpt_id_fk" FOREIGN KEY ("urpt_rpt_id") REFERENCES "public"."reports"("rpt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_reports_rpt_idx" ON "user_reports" USING btree ("urpt_rpt_id");--> statement-breakpoint
-- Sites and business units did not exist before: any allocation a user held pointed at nothing.
UPDATE "users" SET "ausr_site_id" = NULL, "ausr_bu_id" = NULL WHERE "ausr_site_id" IS NOT NULL OR "ausr_bu_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ausr_site_id_sites_site_id_fk" FOREIGN KEY ("ausr_site_id") REFERENCES "public"."sites"("site_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ausr_bu_id_business_units_bu_id_fk" FOREIGN KEY ("ausr_bu_id") REFERENCES "public"."business_units"("bu_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_lastname_idx" ON "users" USING btree ("ausr_lastname","ausr_id");
CREATE TABLE "docket_photos" (
	"dpho_id" serial PRIMARY KEY NOT NULL,
	"dpho_dck_id" integer NOT NULL,
	"dpho_dadd_id" integer,
	"drv_driver" varchar(10),
	"dpho_time" timestamp with time zone NOT NULL,
	"dpho_type" varchar(20) NOT NULL,
	"dpho_bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "docket_signatures" (
	"dsig_id" serial PRIMARY KEY NOT NULL,
	"dsig_dck_id" integer NOT NULL,
	"dsig_dadd_id" integer,
	"drv_driver" varchar(10),
	"dsig_signed_by" varchar(50) NOT NULL,
	"dsig_time" timestamp with time zone NOT NULL,
	"dsig_latitude" double precision,
	"dsig_longitude" double precision,
	"dsig_png" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_sessions" (
	"dses_id" serial PRIMARY KEY NOT NULL,
	"dses_token_hash" char(64) NOT NULL,
	"drv_driver" varchar(10) NOT NULL,
	"dses_created" timestamp with time zone DEFAULT now() NOT NULL,
	"dses_last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"dses_expires" timestamp with time zone NOT NULL,
	CONSTRAINT "driver_sessions_dses_token_hash_unique" UNIQUE("dses_token_hash")
);
--> statement-breakpoint
CREATE TABLE "stock_lines" (
	"stk_id" serial PRIMARY KEY NOT NULL,
	"stk_dck_id" integer NOT NULL,
	"stk_code" varchar(40) NOT NULL,
	"stk_description" varchar(100) DEFAULT '' NOT NULL,
	"stk_quantity" integer DEFAULT 1 NOT NULL,
	"dtr_box" varchar(40) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_records" (
	"dtr_id" bigserial PRIMARY KEY NOT NULL,
	"dtr_dck_id" integer NOT NULL,
	"drv_driver" varchar(10),
	"dtr_kind" varchar(10) NOT NULL,
	"dtr_scandate" timestamp with time zone NOT NULL,
	"dtr_recorded" timestamp with time zone DEFAULT now() NOT NULL,
	"tloc_description" varchar(100) DEFAULT '' NOT NULL,
	"dtr_box" varchar(40) DEFAULT '' NOT NULL,
	"dtr_item" varchar(60) DEFAULT '' NOT NULL,
	"cg_cust_ref1" varchar(30) DEFAULT '' NOT NULL,
	"cg_reference" varchar(40) DEFAULT '' NOT NULL,
	"dab_reference" varchar(40) DEFAULT '' NOT NULL,
	"dsts_id" char(1),
	"dtr_latitude" double precision,
	"dtr_longitude" double precision
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "drv_pin_hash" text;--> statement-breakpoint
ALTER TABLE "docket_photos" ADD CONSTRAINT "docket_photos_dpho_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dpho_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_photos" ADD CONSTRAINT "docket_photos_dpho_dadd_id_docket_addresses_dadd_id_fk" FOREIGN KEY ("dpho_dadd_id") REFERENCES "public"."docket_addresses"("dadd_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_photos" ADD CONSTRAINT "docket_photos_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_signatures" ADD CONSTRAINT "docket_signatures_dsig_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dsig_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_signatures" ADD CONSTRAINT "docket_signatures_dsig_dadd_id_docket_addresses_dadd_id_fk" FOREIGN KEY ("dsig_dadd_id") REFERENCES "public"."docket_addresses"("dadd_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_signatures" ADD CONSTRAINT "docket_signatures_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_sessions" ADD CONSTRAINT "driver_sessions_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stock_lines" ADD CONSTRAINT "stock_lines_stk_dck_id_dockets_dck_id_fk" FOREIGN KEY ("stk_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_records" ADD CONSTRAINT "trace_records_dtr_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dtr_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_records" ADD CONSTRAINT "trace_records_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "docket_photos_dck_idx" ON "docket_photos" USING btree ("dpho_dck_id");--> statement-breakpoint
CREATE INDEX "docket_signatures_dck_idx" ON "docket_signatures" USING btree ("dsig_dck_id");--> statement-breakpoint
CREATE INDEX "driver_sessions_driver_idx" ON "driver_sessions" USING btree ("drv_driver");--> statement-breakpoint
CREATE INDEX "stock_lines_dck_idx" ON "stock_lines" USING btree ("stk_dck_id");--> statement-breakpoint
CREATE INDEX "trace_records_dck_idx" ON "trace_records" USING btree ("dtr_dck_id","dtr_scandate");--> statement-breakpoint
CREATE INDEX "trace_records_scandate_idx" ON "trace_records" USING btree ("dtr_scandate");
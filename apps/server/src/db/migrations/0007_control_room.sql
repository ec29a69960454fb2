CREATE TABLE "docket_status_history" (
	"dsh_id" bigserial PRIMARY KEY NOT NULL,
	"dsh_dck_id" integer NOT NULL,
	"dsh_from" char(1) NOT NULL,
	"dsh_to" char(1) NOT NULL,
	"dsh_time" timestamp with time zone NOT NULL,
	"dsh_recorded" timestamp with time zone DEFAULT now() NOT NULL,
	"dsh_ausr_id" integer,
	"dsh_logon" varchar(100) NOT NULL,
	"drv_driver" varchar(10),
	"dsh_reason" varchar(200) DEFAULT '' NOT NULL,
	"dsh_signed_by" varchar(50) DEFAULT '' NOT NULL,
	"exc_code" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "circuit_users" (
	"acia_ausr_id" integer NOT NULL,
	"acia_cir_id" integer NOT NULL,
	"acia_update" char(1) DEFAULT 'F' NOT NULL,
	"acia_refresh" integer,
	CONSTRAINT "circuit_users_acia_ausr_id_acia_cir_id_pk" PRIMARY KEY("acia_ausr_id","acia_cir_id")
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"cir_id" serial PRIMARY KEY NOT NULL,
	"cir_circ_code" varchar(10) NOT NULL,
	"cir_name" varchar(50) NOT NULL,
	"cir_selectfields" text DEFAULT '' NOT NULL,
	"cir_statuses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cir_cust_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cir_serv_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"cir_postcode_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"cir_window_hours" integer,
	"cir_countdown_minutes" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "circuits_cir_circ_code_unique" UNIQUE("cir_circ_code")
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"drv_driver" varchar(10) PRIMARY KEY NOT NULL,
	"drv_name" varchar(50) NOT NULL,
	"drv_mobile" varchar(20) DEFAULT '' NOT NULL,
	"drv_tariff" integer NOT NULL,
	"drv_active" char(1) DEFAULT 'T' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exception_reasons" (
	"exc_code" varchar(10) PRIMARY KEY NOT NULL,
	"exc_description" varchar(100) NOT NULL,
	"exc_active" char(1) DEFAULT 'T' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "dck_status_time" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dockets" ADD COLUMN "drv_driver" varchar(10);--> statement-breakpoint
ALTER TABLE "docket_status_history" ADD CONSTRAINT "docket_status_history_dsh_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dsh_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_status_history" ADD CONSTRAINT "docket_status_history_dsh_ausr_id_users_ausr_id_fk" FOREIGN KEY ("dsh_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_status_history" ADD CONSTRAINT "docket_status_history_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_status_history" ADD CONSTRAINT "docket_status_history_exc_code_exception_reasons_exc_code_fk" FOREIGN KEY ("exc_code") REFERENCES "public"."exception_reasons"("exc_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_users" ADD CONSTRAINT "circuit_users_acia_ausr_id_users_ausr_id_fk" FOREIGN KEY ("acia_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_users" ADD CONSTRAINT "circuit_users_acia_cir_id_circuits_cir_id_fk" FOREIGN KEY ("acia_cir_id") REFERENCES "public"."circuits"("cir_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_drv_tariff_tariff_types_ttyp_tariff_fk" FOREIGN KEY ("drv_tariff") REFERENCES "public"."tariff_types"("ttyp_tariff") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "docket_status_history_dck_idx" ON "docket_status_history" USING btree ("dsh_dck_id","dsh_id");--> statement-breakpoint
CREATE INDEX "circuit_users_cir_idx" ON "circuit_users" USING btree ("acia_cir_id");--> statement-breakpoint
CREATE INDEX "drivers_name_idx" ON "drivers" USING btree ("drv_name");--> statement-breakpoint
ALTER TABLE "dockets" ADD CONSTRAINT "dockets_drv_driver_drivers_drv_driver_fk" FOREIGN KEY ("drv_driver") REFERENCES "public"."drivers"("drv_driver") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dockets_status_docket_idx" ON "dockets" USING btree ("dck_status","dck_docket");--> statement-breakpoint
CREATE INDEX "dockets_driver_status_idx" ON "dockets" USING btree ("drv_driver","dck_status");--> statement-breakpoint
-- Data: a docket already saved entered its status when it was booked.
UPDATE "dockets" SET "dck_status_time" = "dck_booked";--> statement-breakpoint
-- Data: the exception reasons every tenant starts with (exception/list); editable afterwards.
INSERT INTO "exception_reasons" ("exc_code", "exc_description") VALUES
	('CUSTREQ', 'Cancelled at the customer''s request'),
	('DUPL', 'Duplicate booking'),
	('NOACCESS', 'No access to the collection or delivery address'),
	('CLOSED', 'Premises closed'),
	('NOTREADY', 'Goods not ready for collection'),
	('REFUSED', 'Delivery refused'),
	('DAMAGED', 'Goods damaged'),
	('ADDRESS', 'Address incorrect or incomplete'),
	('VEHICLE', 'Vehicle breakdown'),
	('WEATHER', 'Severe weather')
ON CONFLICT DO NOTHING;

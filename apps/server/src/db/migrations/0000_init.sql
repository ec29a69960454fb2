CREATE SEQUENCE "public"."dck_docket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sessions" (
	"sess_id" serial PRIMARY KEY NOT NULL,
	"sess_token_hash" char(64) NOT NULL,
	"sess_ausr_id" integer NOT NULL,
	"sess_created" timestamp with time zone DEFAULT now() NOT NULL,
	"sess_last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"sess_expires" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_sess_token_hash_unique" UNIQUE("sess_token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_accounts" (
	"uacc_ausr_id" integer NOT NULL,
	"uacc_cust_id" integer NOT NULL,
	CONSTRAINT "user_accounts_uacc_ausr_id_uacc_cust_id_pk" PRIMARY KEY("uacc_ausr_id","uacc_cust_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"ausr_id" serial PRIMARY KEY NOT NULL,
	"ausr_logon" varchar(100) NOT NULL,
	"ausr_password" text NOT NULL,
	"ausr_password_expired" char(1) DEFAULT 'F' NOT NULL,
	"ausr_cust_id" integer,
	"ausr_firstname" varchar(50) DEFAULT '' NOT NULL,
	"ausr_lastname" varchar(50) DEFAULT '' NOT NULL,
	"ausr_nickname" varchar(50) DEFAULT '' NOT NULL,
	"ausr_telephone" varchar(30) DEFAULT '' NOT NULL,
	"ausr_email" varchar(200) DEFAULT '' NOT NULL,
	"ausr_state" varchar(10) DEFAULT 'existing' NOT NULL,
	"ausr_site_id" integer,
	"ausr_bu_id" integer,
	"ausr_rights_booking" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_history" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_price" char(1) DEFAULT 'F' NOT NULL,
	"ausr_booking_summary" char(1) DEFAULT 'F' NOT NULL,
	"ausr_booking_complete" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_password" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_control" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_trace" char(1) DEFAULT 'F' NOT NULL,
	"ausr_trace_disable_docket_access" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_admin" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_addressbook" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_reports" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_system" char(1) DEFAULT 'F' NOT NULL,
	"ausr_bypass_pcode_validation" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_api" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_export" char(1) DEFAULT 'F' NOT NULL,
	"ausr_rights_otp" char(1) DEFAULT 'F' NOT NULL,
	"ausr_accountaddress" char(1) DEFAULT 'F' NOT NULL,
	CONSTRAINT "users_ausr_logon_unique" UNIQUE("ausr_logon")
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"cadd_id" serial PRIMARY KEY NOT NULL,
	"cadd_cust_id" integer NOT NULL,
	"cadd_coname" varchar(50) DEFAULT '' NOT NULL,
	"cadd_build" varchar(50) DEFAULT '' NOT NULL,
	"cadd_street" varchar(110) DEFAULT '' NOT NULL,
	"cadd_locality" varchar(50) DEFAULT '' NOT NULL,
	"cadd_town" varchar(50) DEFAULT '' NOT NULL,
	"cadd_county" varchar(50) DEFAULT '' NOT NULL,
	"cadd_country" varchar(50) DEFAULT 'United Kingdom' NOT NULL,
	"cadd_postalcode" varchar(9) DEFAULT '' NOT NULL,
	"cadd_latitude" double precision,
	"cadd_longitude" double precision,
	"cadd_address_type" integer DEFAULT 1 NOT NULL,
	"cadd_default_delivery" char(1) DEFAULT 'F' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"cust_id" serial PRIMARY KEY NOT NULL,
	"cust_name" varchar(100) NOT NULL,
	"cust_acc_code" varchar(20) NOT NULL,
	"cust_mop" char(1) DEFAULT 'A' NOT NULL,
	"cust_mainservice" varchar(3),
	"cust_mainservicetype" varchar(3),
	"cust_maintariff" integer,
	"cust_mainemail" varchar(200) DEFAULT '' NOT NULL,
	"cust_pod_mandatory" char(1) DEFAULT 'N' NOT NULL,
	"cust_max_delay" integer DEFAULT 0 NOT NULL,
	"cust_onhold" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref1_lbl" varchar(30) DEFAULT 'Reference 1' NOT NULL,
	"cust_ref2_lbl" varchar(30) DEFAULT 'Reference 2' NOT NULL,
	"cust_ref3_lbl" varchar(30) DEFAULT 'Reference 3' NOT NULL,
	"cust_ref4_lbl" varchar(30) DEFAULT 'Reference 4' NOT NULL,
	"cust_ref5_lbl" varchar(30) DEFAULT 'Reference 5' NOT NULL,
	"cust_ref6_lbl" varchar(30) DEFAULT 'Reference 6' NOT NULL,
	"cust_ref1_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref2_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref3_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref4_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref5_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref6_req" char(1) DEFAULT 'F' NOT NULL,
	"cust_ref5_fromlist" char(1) DEFAULT 'F' NOT NULL,
	"cust_web_tracking" text DEFAULT '' NOT NULL,
	"cust_web_quicktracking" text DEFAULT '' NOT NULL,
	CONSTRAINT "customers_cust_acc_code_unique" UNIQUE("cust_acc_code")
);
--> statement-breakpoint
CREATE TABLE "docket_statuses" (
	"dsts_id" char(1) PRIMARY KEY NOT NULL,
	"dsts_description" varchar(50) NOT NULL,
	"dsts_fwds" varchar(60) DEFAULT '' NOT NULL,
	"dsts_web" char(1) DEFAULT 'T' NOT NULL,
	"dsts_color" varchar(20) DEFAULT '#ffffff' NOT NULL,
	"dsts_font_color" varchar(20) DEFAULT '#000000' NOT NULL,
	"dsts_complete" char(1) DEFAULT 'F' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"styp_id" varchar(3) PRIMARY KEY NOT NULL,
	"styp_description" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_types" (
	"ttyp_tariff" integer PRIMARY KEY NOT NULL,
	"ttyp_description" varchar(50) NOT NULL,
	"ttyp_base_pence" integer NOT NULL,
	"ttyp_per_mile_pence" integer NOT NULL,
	"ttyp_extra_parcel_pence" integer NOT NULL,
	"ttyp_speed_mph" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "barcodes" (
	"dab_id" serial PRIMARY KEY NOT NULL,
	"dab_dck_id" integer NOT NULL,
	"dab_dadd_id" integer NOT NULL,
	"dab_barcode" varchar(40) NOT NULL,
	"dab_reference" varchar(40) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "docket_addresses" (
	"dadd_id" serial PRIMARY KEY NOT NULL,
	"dadd_dck_id" integer NOT NULL,
	"dadd_seq" integer NOT NULL,
	"dadd_addresstype" integer NOT NULL,
	"dadd_companyname" varchar(40) DEFAULT '' NOT NULL,
	"dadd_build" varchar(30) DEFAULT '' NOT NULL,
	"dadd_street" varchar(30) DEFAULT '' NOT NULL,
	"dadd_locality" varchar(30) DEFAULT '' NOT NULL,
	"dadd_town" varchar(30) DEFAULT '' NOT NULL,
	"dadd_county" varchar(30) DEFAULT '' NOT NULL,
	"dadd_country" varchar(30) DEFAULT 'United Kingdom' NOT NULL,
	"dadd_postalcode" varchar(9) NOT NULL,
	"dadd_latitude" double precision,
	"dadd_longitude" double precision,
	"dadd_name" varchar(50) DEFAULT '' NOT NULL,
	"dadd_telephone" varchar(20) DEFAULT '' NOT NULL,
	"dadd_email" varchar(100) DEFAULT '' NOT NULL,
	"dadd_ready" timestamp with time zone,
	"dadd_deadline" timestamp with time zone,
	"dadd_projected" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dockets" (
	"dck_id" serial PRIMARY KEY NOT NULL,
	"dck_docket" bigint NOT NULL,
	"dck_cust_id" integer NOT NULL,
	"dck_ausr_id" integer,
	"dck_serv_type" varchar(3) DEFAULT 'A' NOT NULL,
	"dck_tariff" integer NOT NULL,
	"dck_cust_ref1" varchar(30) DEFAULT '' NOT NULL,
	"dck_cust_ref2" varchar(30) DEFAULT '' NOT NULL,
	"dck_cust_ref3" varchar(30) DEFAULT '' NOT NULL,
	"dck_cust_ref4" varchar(30) DEFAULT '' NOT NULL,
	"dck_cust_ref5" varchar(30) DEFAULT '' NOT NULL,
	"dck_cust_ref6" varchar(30) DEFAULT '' NOT NULL,
	"dck_contact" varchar(50) DEFAULT '' NOT NULL,
	"dck_telephone" varchar(20) DEFAULT '' NOT NULL,
	"dck_email" varchar(200) DEFAULT '' NOT NULL,
	"dck_status" char(1) NOT NULL,
	"dck_wandr" char(1) DEFAULT 'F' NOT NULL,
	"dck_pod" char(1) DEFAULT 'E' NOT NULL,
	"dck_booked" timestamp with time zone DEFAULT now() NOT NULL,
	"dck_distance" numeric(8, 2) DEFAULT 0 NOT NULL,
	"dck_time" integer DEFAULT 0 NOT NULL,
	"dck_net_pence" integer DEFAULT 0 NOT NULL,
	"dck_vat_pence" integer DEFAULT 0 NOT NULL,
	"dck_total_pence" integer DEFAULT 0 NOT NULL,
	"tracking_reference" varchar(20) NOT NULL,
	"dck_search" text DEFAULT '' NOT NULL,
	CONSTRAINT "dockets_dck_docket_unique" UNIQUE("dck_docket"),
	CONSTRAINT "dockets_tracking_reference_unique" UNIQUE("tracking_reference")
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"dpcl_id" serial PRIMARY KEY NOT NULL,
	"dpcl_dck_id" integer NOT NULL,
	"dpcl_quantity" integer NOT NULL,
	"dpcl_weight" numeric(8, 2) NOT NULL,
	"dpcl_description" varchar(50) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"log_id" bigserial PRIMARY KEY NOT NULL,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL,
	"log_user" varchar(100) DEFAULT '' NOT NULL,
	"log_unit" varchar(50) NOT NULL,
	"log_process" varchar(100) NOT NULL,
	"log_type" varchar(20) NOT NULL,
	"log_detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"sett_group" varchar(20) NOT NULL,
	"sett_key" varchar(100) NOT NULL,
	"sett_cust_id" integer DEFAULT 0 NOT NULL,
	"sett_value" text NOT NULL,
	CONSTRAINT "settings_sett_group_sett_key_sett_cust_id_pk" PRIMARY KEY("sett_group","sett_key","sett_cust_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sess_ausr_id_users_ausr_id_fk" FOREIGN KEY ("sess_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_uacc_ausr_id_users_ausr_id_fk" FOREIGN KEY ("uacc_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD CONSTRAINT "user_accounts_uacc_cust_id_customers_cust_id_fk" FOREIGN KEY ("uacc_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ausr_cust_id_customers_cust_id_fk" FOREIGN KEY ("ausr_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_cadd_cust_id_customers_cust_id_fk" FOREIGN KEY ("cadd_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_dab_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dab_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barcodes" ADD CONSTRAINT "barcodes_dab_dadd_id_docket_addresses_dadd_id_fk" FOREIGN KEY ("dab_dadd_id") REFERENCES "public"."docket_addresses"("dadd_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docket_addresses" ADD CONSTRAINT "docket_addresses_dadd_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dadd_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dockets" ADD CONSTRAINT "dockets_dck_cust_id_customers_cust_id_fk" FOREIGN KEY ("dck_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dockets" ADD CONSTRAINT "dockets_dck_ausr_id_users_ausr_id_fk" FOREIGN KEY ("dck_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dockets" ADD CONSTRAINT "dockets_dck_status_docket_statuses_dsts_id_fk" FOREIGN KEY ("dck_status") REFERENCES "public"."docket_statuses"("dsts_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_dpcl_dck_id_dockets_dck_id_fk" FOREIGN KEY ("dpcl_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("sess_ausr_id");--> statement-breakpoint
CREATE INDEX "customer_addresses_cust_idx" ON "customer_addresses" USING btree ("cadd_cust_id","cadd_address_type");--> statement-breakpoint
CREATE INDEX "barcodes_dck_idx" ON "barcodes" USING btree ("dab_dck_id");--> statement-breakpoint
CREATE INDEX "docket_addresses_dck_idx" ON "docket_addresses" USING btree ("dadd_dck_id","dadd_seq");--> statement-breakpoint
CREATE INDEX "dockets_cust_docket_idx" ON "dockets" USING btree ("dck_cust_id","dck_docket" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dockets_booked_idx" ON "dockets" USING btree ("dck_booked");--> statement-breakpoint
CREATE INDEX "parcels_dck_idx" ON "parcels" USING btree ("dpcl_dck_id");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("log_time");
CREATE TABLE "payment_authorisations" (
	"pauth_id" serial PRIMARY KEY NOT NULL,
	"pauth_quote_id" integer NOT NULL,
	"pauth_provider" varchar(20) NOT NULL,
	"pauth_reference" varchar(200) NOT NULL,
	"pauth_amount_pence" integer NOT NULL,
	"pauth_currency" char(3) DEFAULT 'GBP' NOT NULL,
	"pauth_state" varchar(12) DEFAULT 'pending' NOT NULL,
	"pauth_message" varchar(300) DEFAULT '' NOT NULL,
	"pauth_dck_id" integer,
	"pauth_created" timestamp with time zone NOT NULL,
	"pauth_updated" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_authorisations_pauth_dck_id_unique" UNIQUE("pauth_dck_id")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"quote_id" serial PRIMARY KEY NOT NULL,
	"quote_guid_hash" char(64) NOT NULL,
	"quote_cust_id" integer NOT NULL,
	"quote_ausr_id" integer,
	"quote_state" varchar(10) DEFAULT 'priced' NOT NULL,
	"quote_data" jsonb NOT NULL,
	"quote_tariffs" jsonb NOT NULL,
	"quote_tariff" integer,
	"quote_created" timestamp with time zone NOT NULL,
	"quote_expires_at" timestamp with time zone NOT NULL,
	"quote_dck_id" integer,
	CONSTRAINT "quotes_quote_guid_hash_unique" UNIQUE("quote_guid_hash"),
	CONSTRAINT "quotes_quote_dck_id_unique" UNIQUE("quote_dck_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"sbx_reference" varchar(64) PRIMARY KEY NOT NULL,
	"sbx_amount_pence" integer NOT NULL,
	"sbx_currency" char(3) NOT NULL,
	"sbx_description" varchar(200) DEFAULT '' NOT NULL,
	"sbx_return_url" varchar(500) NOT NULL,
	"sbx_state" varchar(10) DEFAULT 'open' NOT NULL,
	"sbx_card_last4" char(4),
	"sbx_created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_authorisations" ADD CONSTRAINT "payment_authorisations_pauth_quote_id_quotes_quote_id_fk" FOREIGN KEY ("pauth_quote_id") REFERENCES "public"."quotes"("quote_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorisations" ADD CONSTRAINT "payment_authorisations_pauth_dck_id_dockets_dck_id_fk" FOREIGN KEY ("pauth_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quote_cust_id_customers_cust_id_fk" FOREIGN KEY ("quote_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quote_ausr_id_users_ausr_id_fk" FOREIGN KEY ("quote_ausr_id") REFERENCES "public"."users"("ausr_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_quote_dck_id_dockets_dck_id_fk" FOREIGN KEY ("quote_dck_id") REFERENCES "public"."dockets"("dck_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_authorisations_ref_idx" ON "payment_authorisations" USING btree ("pauth_provider","pauth_reference");--> statement-breakpoint
CREATE INDEX "payment_authorisations_quote_idx" ON "payment_authorisations" USING btree ("pauth_quote_id");--> statement-breakpoint
CREATE INDEX "quotes_expires_idx" ON "quotes" USING btree ("quote_expires_at");
CREATE TABLE "customer_contacts" (
	"ccnt_id" serial PRIMARY KEY NOT NULL,
	"ccnt_cust_id" integer NOT NULL,
	"ccnt_name" varchar(50) NOT NULL,
	"ccnt_telephone" varchar(20) DEFAULT '' NOT NULL,
	"ccnt_email" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_references" (
	"cref_id" serial PRIMARY KEY NOT NULL,
	"cref_cust_id" integer NOT NULL,
	"cref_ref_type" integer NOT NULL,
	"cref_description" varchar(30) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_ccnt_cust_id_customers_cust_id_fk" FOREIGN KEY ("ccnt_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_references" ADD CONSTRAINT "customer_references_cref_cust_id_customers_cust_id_fk" FOREIGN KEY ("cref_cust_id") REFERENCES "public"."customers"("cust_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_contacts_cust_idx" ON "customer_contacts" USING btree ("ccnt_cust_id");--> statement-breakpoint
CREATE INDEX "customer_references_cust_idx" ON "customer_references" USING btree ("cref_cust_id","cref_ref_type");--> statement-breakpoint
CREATE INDEX "dockets_cust_booked_idx" ON "dockets" USING btree ("dck_cust_id","dck_booked");--> statement-breakpoint
CREATE INDEX "dockets_search_trgm_idx" ON "dockets" USING gin ("dck_search" gin_trgm_ops);
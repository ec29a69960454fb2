DROP INDEX "dockets_booked_idx";--> statement-breakpoint
DROP INDEX "docket_addresses_dck_idx";--> statement-breakpoint
CREATE INDEX "dockets_report_idx" ON "dockets" USING btree ("dck_booked","dck_cust_id","dck_status","dck_tariff","dck_total_pence","dck_net_pence","dck_vat_pence","dck_status_time","dck_id","dck_ausr_id","dck_registered_ausr_id","drv_driver","dck_distance");--> statement-breakpoint
CREATE INDEX "docket_addresses_dck_idx" ON "docket_addresses" USING btree ("dadd_dck_id","dadd_seq","dadd_deadline");
DROP INDEX "audit_log_time_idx";--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("log_time","log_id");
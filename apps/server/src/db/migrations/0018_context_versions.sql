CREATE TABLE "context_versions" (
	"ctx_name" varchar(20) PRIMARY KEY NOT NULL,
	"ctx_version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "context_versions" ("ctx_name", "ctx_version") VALUES ('lookups', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Every write to the settings and the lookups (tariffs, service types, docket statuses, accounts)
-- moves the 'lookups' version on, in its own transaction. BEFORE the statement: a transaction
-- takes the version's row lock before any row
-- of these tables, so two writers always lock in the same order (no deadlock between them).
CREATE FUNCTION "bump_lookups_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "context_versions" SET "ctx_version" = "ctx_version" + 1 WHERE "ctx_name" = 'lookups';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "settings_lookups_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_lookups_version"();--> statement-breakpoint
CREATE TRIGGER "tariff_types_lookups_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariff_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_lookups_version"();--> statement-breakpoint
CREATE TRIGGER "service_types_lookups_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_lookups_version"();--> statement-breakpoint
CREATE TRIGGER "customers_lookups_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_lookups_version"();--> statement-breakpoint
CREATE TRIGGER "docket_statuses_lookups_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "docket_statuses"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_lookups_version"();

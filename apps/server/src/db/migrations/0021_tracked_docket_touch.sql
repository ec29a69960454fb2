-- A public tracking view's version (docket/track/detail) is its docket row's version (xmin), the
-- lookups' version and its trace records' count. A write to the other rows it shows (addresses,
-- stock lines, signatures, photos) gives their dockets' rows a new version, in the writing
-- statement's transaction, unless that transaction wrote the docket row itself (a booking inserts
-- its addresses with its docket): one set-based UPDATE per statement (transition tables).
CREATE FUNCTION "touch_tracked_dockets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE "dockets" d SET "dck_id" = d."dck_id"
       FROM (SELECT %1$I AS "id" FROM %2$s) r
      WHERE d."dck_id" = r."id"
        AND d.xmin::text <> (pg_current_xact_id()::text::bigint %% 4294967296)::text',
    TG_ARGV[0],
    CASE TG_OP
      WHEN 'INSERT' THEN 'new_rows'
      WHEN 'DELETE' THEN 'old_rows'
      ELSE format('(SELECT %1$I FROM new_rows UNION SELECT %1$I FROM old_rows) b', TG_ARGV[0])
    END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "docket_addresses_touch_ins" AFTER INSERT ON "docket_addresses" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dadd_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_addresses_touch_upd" AFTER UPDATE ON "docket_addresses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dadd_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_addresses_touch_del" AFTER DELETE ON "docket_addresses" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dadd_dck_id');--> statement-breakpoint
CREATE TRIGGER "stock_lines_touch_ins" AFTER INSERT ON "stock_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('stk_dck_id');--> statement-breakpoint
CREATE TRIGGER "stock_lines_touch_upd" AFTER UPDATE ON "stock_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('stk_dck_id');--> statement-breakpoint
CREATE TRIGGER "stock_lines_touch_del" AFTER DELETE ON "stock_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('stk_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_signatures_touch_ins" AFTER INSERT ON "docket_signatures" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dsig_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_signatures_touch_upd" AFTER UPDATE ON "docket_signatures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dsig_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_signatures_touch_del" AFTER DELETE ON "docket_signatures" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dsig_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_photos_touch_ins" AFTER INSERT ON "docket_photos" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dpho_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_photos_touch_upd" AFTER UPDATE ON "docket_photos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dpho_dck_id');--> statement-breakpoint
CREATE TRIGGER "docket_photos_touch_del" AFTER DELETE ON "docket_photos" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_tracked_dockets"('dpho_dck_id');

-- TRUNCATE fires no row triggers: a statement trigger refuses it, as the row triggers of 0004
-- refuse UPDATE and DELETE.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The two-role set-up (README, 'Database roles'): the role that runs migrations owns the tables;
-- the shop runs as another role with these rights only. An owner may ALTER, DROP or TRUNCATE
-- its tables and disable their triggers; the shop's role can read and write rows, nothing more,
-- and only append to the audit log. Tables made by later migrations get the same rights (default
-- privileges of the role that runs the migrations).
CREATE FUNCTION "shop_grant_app_role"(app_role name) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA public, drizzle TO %I', app_role);
  -- Start-up reads which migrations ran, and runs none when the database is up to date.
  EXECUTE format('GRANT SELECT ON drizzle.__drizzle_migrations TO %I', app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', app_role);
  EXECUTE format('REVOKE UPDATE, DELETE ON "audit_log" FROM %I', app_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', app_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', app_role);
END
$$;--> statement-breakpoint
-- The documented name: a shop_app role made before this migration runs is granted at once.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'shop_app') THEN
    PERFORM "shop_grant_app_role"('shop_app');
  END IF;
END
$$;

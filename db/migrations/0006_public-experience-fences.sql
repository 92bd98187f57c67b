-- Downloads are tenant rows: the same fence as the others (see 0001_tenant-isolation.sql).
ALTER TABLE "downloads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "downloads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "downloads"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- Public pages are cached per company and keyed on companies.public_version. Any change fans
-- could see (content, events, files, branding) bumps it, so every process's cache turns stale at
-- once without messages between processes. Counter updates (views, downloads) do not.
CREATE OR REPLACE FUNCTION app_bump_public_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_company text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed_company := OLD.company_id;
  ELSE
    changed_company := NEW.company_id;
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'content_items'
      AND (to_jsonb(NEW) - 'view_count' - 'download_count' - 'updated_at')
        = (to_jsonb(OLD) - 'view_count' - 'download_count' - 'updated_at') THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE companies SET public_version = public_version + 1 WHERE id = changed_company;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER content_items_public_version AFTER INSERT OR UPDATE OR DELETE ON "content_items"
  FOR EACH ROW EXECUTE FUNCTION app_bump_public_version();
--> statement-breakpoint
CREATE TRIGGER events_public_version AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION app_bump_public_version();
--> statement-breakpoint
CREATE TRIGGER assets_public_version AFTER INSERT OR UPDATE OR DELETE ON "assets"
  FOR EACH ROW EXECUTE FUNCTION app_bump_public_version();
--> statement-breakpoint
CREATE TRIGGER asset_renditions_public_version AFTER INSERT OR DELETE ON "asset_renditions"
  FOR EACH ROW EXECUTE FUNCTION app_bump_public_version();
--> statement-breakpoint
-- The company's own public fields (name, logo, branding, landing texts, plan) bump it too.
CREATE OR REPLACE FUNCTION app_bump_company_public_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'public_version') <> (to_jsonb(OLD) - 'public_version') THEN
    NEW.public_version := OLD.public_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_public_version BEFORE UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION app_bump_company_public_version();

ALTER TABLE "assets" ADD COLUMN "illustrates_content_item_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "illustrates_event_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_illustrates_content_item_id_content_items_id_fk" FOREIGN KEY ("illustrates_content_item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_illustrates_event_id_events_id_fk" FOREIGN KEY ("illustrates_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_purpose_check" CHECK ("assets"."purpose" in ('content-file', 'gallery-media', 'cover', 'thumbnail', 'logo'));--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_media_type_check" CHECK ("assets"."media_type" in ('image', 'video', 'audio', 'pdf', 'other'));--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_processing_status_check" CHECK ("assets"."processing_status" in ('pending', 'processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "asset_renditions" ADD CONSTRAINT "asset_renditions_format_check" CHECK ("asset_renditions"."format" in ('webp', 'jpeg', 'avif'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_category_check" CHECK ("audit_events"."category" in ('lead_data_access', 'subscription_data_access', 'company_sensitive_data_access', 'comment_submission', 'download_tracking', 'admin_privileged_action', 'session_start', 'session_end', 'session_activity'));--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_kind_check" CHECK ("content_items"."kind" in ('single', 'gallery'));--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_status_check" CHECK ("content_items"."status" in ('draft', 'published', 'archived'));--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_kind_check" CHECK ("downloads"."kind" in ('file', 'zip'));--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_quality_check" CHECK ("downloads"."quality" in ('web', 'original'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_status_check" CHECK ("events"."status" in ('draft', 'published', 'cancelled'));--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_kind_check" CHECK ("form_submissions"."kind" in ('interest', 'newsletter', 'contact'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('admin', 'manager', 'user'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('pending', 'accepted', 'rejected', 'canceled'));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_role_check" CHECK ("members"."role" in ('admin', 'manager', 'user'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_plan_check" CHECK ("companies"."plan" in ('starter', 'professional', 'enterprise'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_landing_display_mode_check" CHECK ("companies"."landing_display_mode" in ('galleries', 'events'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_subdomain_status_check" CHECK ("companies"."subdomain_status" in ('pending', 'active', 'rejected'));--> statement-breakpoint
-- Covers and custom thumbnails learn what they illustrate (migrations run with the tenant fence
-- up, so this one lifts it for its own backfill and puts it back).
SELECT set_config('app.bypass_rls', 'on', true);
--> statement-breakpoint
UPDATE "assets" SET "illustrates_content_item_id" = ci."id" FROM "content_items" ci WHERE ci."cover_asset_id" = "assets"."id";
--> statement-breakpoint
UPDATE "assets" SET "illustrates_event_id" = e."id" FROM "events" e WHERE e."cover_asset_id" = "assets"."id";
--> statement-breakpoint
UPDATE "assets" SET "illustrates_content_item_id" = owner."content_item_id" FROM "assets" owner WHERE owner."custom_thumbnail_asset_id" = "assets"."id";
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', true);
--> statement-breakpoint
-- Fans' reads run in "public read" mode (app/lib/db.server.ts `withPublicRead`): no tenant is
-- set, so tenant_isolation lets nothing through, and these policies let through only what fans
-- may see: published items and events, the files, covers and thumbnails of those, their
-- renditions, and logos. Optionally narrowed to one company. The application's own
-- `status = 'published'` filters are no longer the only wall.
CREATE OR REPLACE FUNCTION app_reads_public(row_company text) RETURNS boolean
  LANGUAGE sql STABLE AS $$
    SELECT coalesce(current_setting('app.public_read', true), '') = 'on'
      AND (nullif(current_setting('app.public_company', true), '') IS NULL
           OR row_company = current_setting('app.public_company', true))
  $$;
--> statement-breakpoint
CREATE POLICY public_read ON "content_items" FOR SELECT
  USING (app_reads_public(company_id) AND status = 'published');
--> statement-breakpoint
CREATE POLICY public_read ON "events" FOR SELECT
  USING (app_reads_public(company_id) AND status = 'published');
--> statement-breakpoint
CREATE POLICY public_read ON "assets" FOR SELECT
  USING (app_reads_public(company_id) AND (
    purpose = 'logo'
    OR EXISTS (SELECT 1 FROM content_items ci
               WHERE ci.id = coalesce(assets.content_item_id, assets.illustrates_content_item_id) AND ci.status = 'published')
    OR EXISTS (SELECT 1 FROM events e WHERE e.id = assets.illustrates_event_id AND e.status = 'published')
  ));
--> statement-breakpoint
CREATE POLICY public_read ON "asset_renditions" FOR SELECT
  USING (app_reads_public(company_id) AND EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_renditions.asset_id));
--> statement-breakpoint
-- Every process keeps host → company answers in memory (app/features/companies/server/
-- resolve-host.server.ts); a change to what a host means tells them all to forget.
CREATE OR REPLACE FUNCTION app_notify_company_hosts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.slug IS NOT DISTINCT FROM OLD.slug AND NEW.subdomain IS NOT DISTINCT FROM OLD.subdomain
     AND NEW.subdomain_status IS NOT DISTINCT FROM OLD.subdomain_status THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('company_hosts', coalesce(NEW.id, OLD.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_hosts_changed AFTER INSERT OR UPDATE OR DELETE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION app_notify_company_hosts();

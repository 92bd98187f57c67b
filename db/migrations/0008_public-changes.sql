ALTER TABLE "assets" ADD COLUMN "placeholder_image" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_media_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "assets_custom_thumbnail_idx" ON "assets" USING btree ("custom_thumbnail_asset_id");--> statement-breakpoint
CREATE INDEX "assets_illustrates_content_item_idx" ON "assets" USING btree ("illustrates_content_item_id");--> statement-breakpoint
CREATE INDEX "assets_illustrates_event_idx" ON "assets" USING btree ("illustrates_event_id");--> statement-breakpoint
CREATE INDEX "content_items_cover_asset_idx" ON "content_items" USING btree ("cover_asset_id");--> statement-breakpoint
CREATE INDEX "events_cover_asset_idx" ON "events" USING btree ("cover_asset_id");--> statement-breakpoint
-- Fans' pages are cached per company version (server/public-page-cache.ts). Until now every row
-- change bumped it, about six times per photo while it was processed, so during an upload every
-- fan got an uncached page. Now only changes fans can see count, once per statement:
--   * items and events: only while published (or on the way in or out of being published);
--   * files: only once ready, and a file becoming ready (the processing pipeline, photo by photo)
--     bumps public_media_version instead, which the cache folds into one new page per second;
--   * renditions: never on their own (the file becomes ready after its renditions are stored).
-- Each change also tells listening processes (NOTIFY public_changes, payload: company id), which
-- forget what they keep in memory about that company's public files.
DROP TRIGGER IF EXISTS content_items_public_version ON "content_items";
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_public_version ON "events";
--> statement-breakpoint
DROP TRIGGER IF EXISTS assets_public_version ON "assets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS asset_renditions_public_version ON "asset_renditions";
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_bump_public_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_public_changed(changed text[], media_only boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  company text;
BEGIN
  IF changed IS NULL OR cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  IF media_only THEN
    UPDATE companies SET public_media_version = public_media_version + 1 WHERE id = ANY(changed);
  ELSE
    UPDATE companies SET public_version = public_version + 1 WHERE id = ANY(changed);
  END IF;
  FOREACH company IN ARRAY changed LOOP
    PERFORM pg_notify('public_changes', company);
  END LOOP;
END $$;
--> statement-breakpoint
-- Items: an insert or delete of a published item; an update of one that is or was published,
-- unless only its counters moved.
CREATE OR REPLACE FUNCTION app_content_items_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE status = 'published'), false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE status = 'published'), false);
  ELSE
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'published' OR o.status = 'published')
        AND (to_jsonb(n) - 'view_count' - 'download_count' - 'updated_at') <> (to_jsonb(o) - 'view_count' - 'download_count' - 'updated_at')
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER content_items_public_insert AFTER INSERT ON "content_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_content_items_public_change();
--> statement-breakpoint
CREATE TRIGGER content_items_public_update AFTER UPDATE ON "content_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_content_items_public_change();
--> statement-breakpoint
CREATE TRIGGER content_items_public_delete AFTER DELETE ON "content_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_content_items_public_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_events_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE status = 'published'), false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_public_changed(ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE status = 'published'), false);
  ELSE
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'published' OR o.status = 'published')
        AND (to_jsonb(n) - 'updated_at') <> (to_jsonb(o) - 'updated_at')
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_public_insert AFTER INSERT ON "events" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_events_public_change();
--> statement-breakpoint
CREATE TRIGGER events_public_update AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_events_public_change();
--> statement-breakpoint
CREATE TRIGGER events_public_delete AFTER DELETE ON "events" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_events_public_change();
--> statement-breakpoint
-- Whether fans may see a file: a company's logo, or a file, cover or thumbnail of a published
-- item or event (the same rule as the public-read policy of migration 0007).
CREATE OR REPLACE FUNCTION app_asset_is_public(purpose text, content_item uuid, illustrated_item uuid, illustrated_event uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT purpose = 'logo'
    OR EXISTS (SELECT 1 FROM content_items c WHERE c.status = 'published' AND (c.id = content_item OR c.id = illustrated_item))
    OR EXISTS (SELECT 1 FROM events e WHERE e.status = 'published' AND e.id = illustrated_event)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_assets_public_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT company_id FROM new_rows
      WHERE processing_status = 'ready' AND app_asset_is_public(purpose, content_item_id, illustrates_content_item_id, illustrates_event_id)
    ), false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT company_id FROM old_rows
      WHERE processing_status = 'ready' AND app_asset_is_public(purpose, content_item_id, illustrates_content_item_id, illustrates_event_id)
    ), false);
  ELSE
    -- A file that has just become ready: the processing pipeline's one visible change.
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.processing_status = 'ready' AND o.processing_status <> 'ready'
        AND app_asset_is_public(n.purpose, n.content_item_id, n.illustrates_content_item_id, n.illustrates_event_id)
    ), true);
    -- Any other change to a ready file fans may see (order, captions, moving it, taking it back).
    PERFORM app_public_changed(ARRAY(
      SELECT DISTINCT n.company_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.processing_status = 'ready'
        AND (to_jsonb(n) - 'updated_at') <> (to_jsonb(o) - 'updated_at')
        AND (app_asset_is_public(n.purpose, n.content_item_id, n.illustrates_content_item_id, n.illustrates_event_id)
          OR app_asset_is_public(o.purpose, o.content_item_id, o.illustrates_content_item_id, o.illustrates_event_id))
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_public_insert AFTER INSERT ON "assets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_assets_public_change();
--> statement-breakpoint
CREATE TRIGGER assets_public_update AFTER UPDATE ON "assets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_assets_public_change();
--> statement-breakpoint
CREATE TRIGGER assets_public_delete AFTER DELETE ON "assets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_assets_public_change();
--> statement-breakpoint
-- The company's own public fields bump it too, but not the stamps above.
CREATE OR REPLACE FUNCTION app_bump_company_public_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'public_version' - 'public_media_version') <> (to_jsonb(OLD) - 'public_version' - 'public_media_version') THEN
    NEW.public_version := OLD.public_version + 1;
    PERFORM pg_notify('public_changes', NEW.id);
  END IF;
  RETURN NEW;
END $$;

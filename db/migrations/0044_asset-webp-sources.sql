-- A file's WebP renditions as fans' `srcset` names them, kept on the file's own row: a page of 60
-- photos read them with a sub-select per photo, each rendition checked against its row-level
-- policy (its file's, again): ~1 ms of PostgreSQL's time per page, against 0.1 ms for the rows.
ALTER TABLE "assets" ADD COLUMN "webp_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- The list as fans' pages read it before: name and width, narrowest first.
CREATE OR REPLACE FUNCTION app_webp_sources_of(file uuid) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(jsonb_build_object('name', r.rendition, 'width', r.width) ORDER BY r.width), '[]'::jsonb)
  FROM asset_renditions r WHERE r.asset_id = file AND r.format = 'webp'
$$;
--> statement-breakpoint
-- Once per statement on asset_renditions, for the files it touched. Runs in the writer's fence
-- (a company's worker writes its own files' renditions).
CREATE OR REPLACE FUNCTION app_keep_webp_sources() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assets a SET webp_sources = app_webp_sources_of(a.id)
  WHERE a.id IN (SELECT asset_id FROM changed_rows) AND a.webp_sources IS DISTINCT FROM app_webp_sources_of(a.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER asset_renditions_webp_sources_insert AFTER INSERT ON "asset_renditions" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_keep_webp_sources();
--> statement-breakpoint
CREATE TRIGGER asset_renditions_webp_sources_update AFTER UPDATE ON "asset_renditions" REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_keep_webp_sources();
--> statement-breakpoint
CREATE TRIGGER asset_renditions_webp_sources_delete AFTER DELETE ON "asset_renditions" REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION app_keep_webp_sources();
--> statement-breakpoint
-- The kept list is derived from the renditions: fans see it change when the file changes for them
-- (it becomes ready, or a new watermark's renditions say so themselves), never as an edit of its own.
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
        AND (to_jsonb(n) - 'updated_at' - 'webp_sources') <> (to_jsonb(o) - 'updated_at' - 'webp_sources')
        AND (app_asset_is_public(n.purpose, n.content_item_id, n.illustrates_content_item_id, n.illustrates_event_id)
          OR app_asset_is_public(o.purpose, o.content_item_id, o.illustrates_content_item_id, o.illustrates_event_id))
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The files already there (every company's: the fence is set aside for it).
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
UPDATE assets a SET webp_sources = app_webp_sources_of(a.id) WHERE EXISTS (SELECT 1 FROM asset_renditions r WHERE r.asset_id = a.id AND r.format = 'webp');
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

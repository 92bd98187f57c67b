CREATE TABLE "gallery_file_counts" (
	"content_item_id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"photos" integer DEFAULT 0 NOT NULL,
	"videos" integer DEFAULT 0 NOT NULL,
	"preparing_photos" integer DEFAULT 0 NOT NULL,
	"preparing_videos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gallery_file_counts" ADD CONSTRAINT "gallery_file_counts_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_file_counts" ADD CONSTRAINT "gallery_file_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's rows like any other (migration 0001); fans read the counts of published galleries
-- (the rule of migration 0007).
ALTER TABLE "gallery_file_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "gallery_file_counts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "gallery_file_counts"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
CREATE POLICY public_read ON "gallery_file_counts" FOR SELECT
  USING (app_reads_public(company_id) AND EXISTS (SELECT 1 FROM content_items ci WHERE ci.id = gallery_file_counts.content_item_id AND ci.status = 'published'));
--> statement-breakpoint
-- What one file adds to its gallery's counts (sign 1) or takes away (-1): only files fans may see
-- (approved, the public_read rule of migration 0032) are counted.
CREATE OR REPLACE FUNCTION app_count_gallery_file(item uuid, company text, media text, status text, moderation text, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  photo integer := sign * (media = 'image')::integer;
  video integer := sign * (media = 'video')::integer;
  preparing boolean := status IN ('pending', 'processing');
BEGIN
  IF item IS NULL OR moderation <> 'approved' OR (photo = 0 AND video = 0) THEN
    RETURN;
  END IF;
  IF sign < 0 THEN
    -- Only ever less of what is there: a gallery deleted with its files has no counts left to update.
    UPDATE gallery_file_counts SET photos = photos + photo, videos = videos + video,
      preparing_photos = preparing_photos + CASE WHEN preparing THEN photo ELSE 0 END,
      preparing_videos = preparing_videos + CASE WHEN preparing THEN video ELSE 0 END
    WHERE content_item_id = item;
  ELSE
    INSERT INTO gallery_file_counts AS counts (content_item_id, company_id, photos, videos, preparing_photos, preparing_videos)
    VALUES (item, company, photo, video, CASE WHEN preparing THEN photo ELSE 0 END, CASE WHEN preparing THEN video ELSE 0 END)
    ON CONFLICT (content_item_id) DO UPDATE SET photos = counts.photos + excluded.photos, videos = counts.videos + excluded.videos,
      preparing_photos = counts.preparing_photos + excluded.preparing_photos, preparing_videos = counts.preparing_videos + excluded.preparing_videos;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_gallery_file_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.content_item_id IS NOT DISTINCT FROM OLD.content_item_id AND NEW.media_type = OLD.media_type
     AND NEW.processing_status = OLD.processing_status AND NEW.moderation = OLD.moderation THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM app_count_gallery_file(OLD.content_item_id, OLD.company_id, OLD.media_type, OLD.processing_status, OLD.moderation, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM app_count_gallery_file(NEW.content_item_id, NEW.company_id, NEW.media_type, NEW.processing_status, NEW.moderation, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_gallery_file_counts AFTER INSERT OR DELETE OR UPDATE OF content_item_id, media_type, processing_status, moderation ON "assets"
  FOR EACH ROW EXECUTE FUNCTION app_gallery_file_counts();
--> statement-breakpoint
-- The galleries already there, counted once (every company's files: the fence is set aside for it).
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
INSERT INTO gallery_file_counts (content_item_id, company_id, photos, videos, preparing_photos, preparing_videos)
SELECT content_item_id, company_id,
  count(*) FILTER (WHERE media_type = 'image'), count(*) FILTER (WHERE media_type = 'video'),
  count(*) FILTER (WHERE media_type = 'image' AND processing_status IN ('pending', 'processing')),
  count(*) FILTER (WHERE media_type = 'video' AND processing_status IN ('pending', 'processing'))
FROM assets WHERE content_item_id IS NOT NULL AND moderation = 'approved' AND media_type IN ('image', 'video')
GROUP BY content_item_id, company_id;
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

CREATE TABLE "gallery_chapter_counts" (
	"content_item_id" uuid NOT NULL,
	"song" smallint NOT NULL,
	"company_id" text NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gallery_chapter_counts_content_item_id_song_pk" PRIMARY KEY("content_item_id","song")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "setlist_song" smallint;--> statement-breakpoint
ALTER TABLE "gallery_chapter_counts" ADD CONSTRAINT "gallery_chapter_counts_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_chapter_counts" ADD CONSTRAINT "gallery_chapter_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's rows like any other (migration 0001); fans read the counts of published galleries
-- (the rule of migration 0007), as gallery_file_counts (migration 0040).
ALTER TABLE "gallery_chapter_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "gallery_chapter_counts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "gallery_chapter_counts"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
CREATE POLICY public_read ON "gallery_chapter_counts" FOR SELECT
  USING (app_reads_public(company_id) AND EXISTS (SELECT 1 FROM content_items ci WHERE ci.id = gallery_chapter_counts.content_item_id AND ci.status = 'published'));
--> statement-breakpoint
-- Set-list chapters (ADR 061) placed by the database: assignChapters (app/features/setlist/setlist.ts)
-- is the same rule for the admin's live preview, and an integration test holds the two together.
-- The venue's zone as this database reads it: a set-list's zone is checked against this
-- database's time zone data when it is saved, so 'UTC' (a capture time read as the venue's clock)
-- is only for one saved before that check, rather than a file's processing failing on it.
CREATE OR REPLACE FUNCTION app_setlist_zone(setlist jsonb) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE (setlist->>'timeZone');
  RETURN coalesce(setlist->>'timeZone', 'UTC');
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- The songs' starts on the venue's clock, then the last song's end (LAST_SONG_MINUTES after its
-- start, setlist.ts); null without songs.
CREATE OR REPLACE FUNCTION app_setlist_bounds(setlist jsonb) RETURNS timestamp[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  bounds timestamp[];
BEGIN
  IF jsonb_typeof(setlist->'songs') IS DISTINCT FROM 'array' THEN
    RETURN NULL;
  END IF;
  -- A start is kept in UTC form ("…Z"); as a timestamp its zone is left aside: the venue's clock.
  SELECT array_agg((song->>'startsAt')::timestamp ORDER BY place) INTO bounds
    FROM jsonb_array_elements(setlist->'songs') WITH ORDINALITY AS songs(song, place);
  IF bounds IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN bounds || (bounds[cardinality(bounds)] + interval '15 minutes');
END $$;
--> statement-breakpoint
-- The song (from 1) during which a file was taken; 0 (the closing chapter) outside every song or
-- without a capture time; null without songs. A camera's wall clock is the venue's as it is; a
-- true instant (the camera knew its offset, or a video) is brought to the venue's zone; then the
-- company's clock shift. Two songs with the same start: the later one, as assignChapters.
CREATE OR REPLACE FUNCTION app_song_at(captured timestamptz, offset_minutes integer, zone text, shift_seconds integer, bounds timestamp[]) RETURNS smallint
LANGUAGE sql STABLE AS $$
  SELECT (CASE
    WHEN bounds IS NULL THEN NULL
    WHEN captured IS NULL THEN 0
    ELSE (SELECT CASE WHEN bucket >= cardinality(bounds) THEN 0 ELSE bucket END FROM width_bucket(
      (CASE WHEN offset_minutes IS NULL THEN captured AT TIME ZONE 'UTC' ELSE captured AT TIME ZONE zone END) + shift_seconds * interval '1 second',
      bounds) AS bucket)
  END)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_song_of(captured timestamptz, offset_minutes integer, setlist jsonb) RETURNS smallint
LANGUAGE sql STABLE AS $$
  SELECT app_song_at(captured, offset_minutes, app_setlist_zone(setlist), coalesce((setlist->>'clockShiftSeconds')::integer, 0), app_setlist_bounds(setlist))
$$;
--> statement-breakpoint
-- A file's song when it arrives in a gallery, moves to another, or gets its capture time (the
-- processing job reads it after the upload).
CREATE OR REPLACE FUNCTION app_place_file_in_song() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.setlist_song := CASE WHEN NEW.content_item_id IS NULL THEN NULL
    ELSE app_song_of(NEW.captured_at, NEW.capture_offset_minutes, (SELECT ci.setlist FROM content_items ci WHERE ci.id = NEW.content_item_id)) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every file of a gallery placed again when its set-list changes (songs, zone or clock shift).
CREATE OR REPLACE FUNCTION app_place_gallery_in_songs() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  zone text := app_setlist_zone(NEW.setlist);
  shift integer := coalesce((NEW.setlist->>'clockShiftSeconds')::integer, 0);
  bounds timestamp[] := app_setlist_bounds(NEW.setlist);
BEGIN
  UPDATE assets SET setlist_song = app_song_at(captured_at, capture_offset_minutes, zone, shift, bounds)
  WHERE content_item_id = NEW.id AND setlist_song IS DISTINCT FROM app_song_at(captured_at, capture_offset_minutes, zone, shift, bounds);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What one file adds to its chapter's count (sign 1) or takes away (-1): only files fans are
-- shown in a gallery's grid (shownFiles in public-pages.server.ts, and approved: migration 0032).
CREATE OR REPLACE FUNCTION app_count_chapter_file(file assets, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF file.content_item_id IS NULL OR file.setlist_song IS NULL OR file.moderation <> 'approved' OR file.processing_status <> 'ready'
     OR file.media_type NOT IN ('image', 'video') OR file.width IS NULL OR file.height IS NULL THEN
    RETURN;
  END IF;
  IF sign < 0 THEN
    -- Only ever less of what is there: a gallery deleted with its files has no counts left to update.
    UPDATE gallery_chapter_counts SET files = files - 1 WHERE content_item_id = file.content_item_id AND song = file.setlist_song;
  ELSE
    INSERT INTO gallery_chapter_counts AS counts (content_item_id, song, company_id, files) VALUES (file.content_item_id, file.setlist_song, file.company_id, 1)
    ON CONFLICT (content_item_id, song) DO UPDATE SET files = counts.files + 1;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_gallery_chapter_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.content_item_id IS NOT DISTINCT FROM OLD.content_item_id AND NEW.setlist_song IS NOT DISTINCT FROM OLD.setlist_song
     AND NEW.media_type = OLD.media_type AND NEW.processing_status = OLD.processing_status AND NEW.moderation = OLD.moderation
     AND (NEW.width IS NULL) = (OLD.width IS NULL) AND (NEW.height IS NULL) = (OLD.height IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM app_count_chapter_file(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM app_count_chapter_file(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The files already there, placed and counted once (every company's: the fence is set aside for it).
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
UPDATE assets SET setlist_song = app_song_of(assets.captured_at, assets.capture_offset_minutes, ci.setlist)
FROM content_items ci WHERE ci.id = assets.content_item_id AND ci.setlist IS NOT NULL;
--> statement-breakpoint
INSERT INTO gallery_chapter_counts (content_item_id, song, company_id, files)
SELECT content_item_id, setlist_song, company_id, count(*) FROM assets
WHERE content_item_id IS NOT NULL AND setlist_song IS NOT NULL AND moderation = 'approved' AND processing_status = 'ready'
  AND media_type IN ('image', 'video') AND width IS NOT NULL AND height IS NOT NULL
GROUP BY content_item_id, setlist_song, company_id;
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);
--> statement-breakpoint
CREATE TRIGGER assets_place_in_song BEFORE INSERT OR UPDATE OF content_item_id, captured_at, capture_offset_minutes ON "assets"
  FOR EACH ROW EXECUTE FUNCTION app_place_file_in_song();
--> statement-breakpoint
-- Columns a BEFORE trigger changes do not fire an AFTER trigger "of" them: the capture time's are named too.
CREATE TRIGGER assets_gallery_chapter_counts AFTER INSERT OR DELETE OR UPDATE OF content_item_id, captured_at, capture_offset_minutes, setlist_song, media_type, processing_status, moderation, width, height ON "assets"
  FOR EACH ROW EXECUTE FUNCTION app_gallery_chapter_counts();
--> statement-breakpoint
CREATE TRIGGER content_items_place_in_songs AFTER UPDATE OF setlist ON "content_items"
  FOR EACH ROW WHEN (OLD.setlist IS DISTINCT FROM NEW.setlist) EXECUTE FUNCTION app_place_gallery_in_songs();

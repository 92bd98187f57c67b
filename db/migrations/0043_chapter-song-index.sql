-- A set-list song's files in the gallery's order: a chapter's page and its ZIP read only that
-- song's rows, not the whole gallery's (ADR 071). Partial: galleries without a set-list add nothing.
CREATE INDEX "assets_content_song_idx" ON "assets" USING btree ("content_item_id","setlist_song","position","id") WHERE "assets"."setlist_song" is not null;

-- A video's web version (an H.264/AAC MP4, rendition 'web') is kept as a rendition beside its
-- poster's sizes: what a gallery whose downloads are web size only gives fans instead of the
-- upload (ADR 016, addendum).
ALTER TABLE "asset_renditions" DROP CONSTRAINT "asset_renditions_format_check";--> statement-breakpoint
ALTER TABLE "asset_renditions" ADD CONSTRAINT "asset_renditions_format_check" CHECK ("asset_renditions"."format" in ('webp', 'jpeg', 'avif', 'mp4'));

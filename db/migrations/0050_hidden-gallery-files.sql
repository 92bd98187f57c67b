-- A gallery file the company hides (the editor's bulk "Hide"): fans no longer see it, whatever
-- reads it. Everything that shows files to fans already asks for 'approved' (row-level security
-- of migration 0032, the counts of 0040, the chapters of 0042), so a third value is all it takes;
-- "Publish" sets it back to 'approved'.
ALTER TABLE "assets" DROP CONSTRAINT "assets_moderation_check";--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_moderation_check" CHECK ("assets"."moderation" in ('pending', 'approved', 'hidden'));

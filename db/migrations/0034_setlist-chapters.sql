ALTER TABLE "assets" ADD COLUMN "capture_offset_minutes" integer;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "setlist" jsonb;
DROP INDEX "assets_content_media_type_idx";--> statement-breakpoint
CREATE INDEX "assets_content_media_type_idx" ON "assets" USING btree ("content_item_id","media_type","position","id");
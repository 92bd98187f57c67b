DROP INDEX "assets_content_position_idx";--> statement-breakpoint
CREATE INDEX "assets_content_position_idx" ON "assets" USING btree ("content_item_id","position","id");
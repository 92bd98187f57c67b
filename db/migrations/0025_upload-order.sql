ALTER TABLE "assets" ADD COLUMN "upload_batch" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upload_index" integer;
ALTER TABLE "content_items" ADD COLUMN "access_password_hash" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "expiry_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "download_mode" text DEFAULT 'originals' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "download_pin_hash" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "watermark_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "watermark_position" text DEFAULT 'bottom-right' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "watermark_scale" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "watermark_opacity" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "watermark_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "content_items_expiry_reminder_idx" ON "content_items" USING btree ("expires_at") WHERE expires_at is not null and expiry_reminder_sent_at is null;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_download_mode_check" CHECK ("content_items"."download_mode" in ('off', 'web', 'originals'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_watermark_position_check" CHECK ("companies"."watermark_position" in ('top-left', 'top-right', 'center', 'bottom-left', 'bottom-right'));
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid,
	"purpose" text NOT NULL,
	"media_type" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text,
	"description" text,
	"alt_text" text,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"captured_at" timestamp with time zone,
	"placeholder" text,
	"custom_thumbnail_asset_id" uuid,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"processing_error" text,
	"optimized" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_renditions" (
	"asset_id" uuid NOT NULL,
	"company_id" text NOT NULL,
	"rendition" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_renditions_asset_id_rendition_format_pk" PRIMARY KEY("asset_id","rendition","format")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone,
	"venue" text,
	"location" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"participant_count" integer,
	"is_free" boolean DEFAULT true NOT NULL,
	"spots" integer,
	"cover_asset_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "require_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "happened_on" date;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "cover_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_renditions" ADD CONSTRAINT "asset_renditions_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_company_idx" ON "assets" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "assets_content_position_idx" ON "assets" USING btree ("content_item_id","position");--> statement-breakpoint
CREATE INDEX "assets_processing_idx" ON "assets" USING btree ("processing_status");--> statement-breakpoint
CREATE INDEX "asset_renditions_company_idx" ON "asset_renditions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_company_slug_idx" ON "events" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "events_company_status_idx" ON "events" USING btree ("company_id","status");--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_company_slug_idx" ON "content_items" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "content_items_event_idx" ON "content_items" USING btree ("event_id");
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid,
	"asset_id" uuid,
	"lead_id" uuid,
	"kind" text NOT NULL,
	"quality" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"message" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "organisation" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "privacy_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "data_processing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "policy_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "landing_display_mode" text DEFAULT 'galleries' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "landing_title" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "landing_description" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_primary_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_accent_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subdomain_status" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "public_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_company_created_idx" ON "downloads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "downloads_content_idx" ON "downloads" USING btree ("content_item_id");--> statement-breakpoint
CREATE INDEX "form_submissions_kind_created_idx" ON "form_submissions" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_company_email_idx" ON "leads" USING btree ("company_id","email");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_subdomain_unique" UNIQUE("subdomain");
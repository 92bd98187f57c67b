CREATE TABLE "company_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "machine_translated" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "promotion_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "employee_count" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "primary_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "facebook_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "instagram_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "linkedin_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "twitter_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "youtube_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tiktok_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "spotify_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "soundcloud_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "whatsapp_url" text;--> statement-breakpoint
ALTER TABLE "company_slug_redirects" ADD CONSTRAINT "company_slug_redirects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_slug_redirects_company_idx" ON "company_slug_redirects" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_employee_count_check" CHECK ("companies"."employee_count" in ('1-10', '11-50', '51-200', '201-500', '500+'));--> statement-breakpoint
-- The landing page's name and description become the English texts of the per-language ones.
UPDATE "companies" SET "texts" = jsonb_strip_nulls(jsonb_build_object(
  'landingName', CASE WHEN "landing_title" IS NULL THEN NULL ELSE jsonb_build_object('en', "landing_title") END,
  'landingDescription', CASE WHEN "landing_description" IS NULL THEN NULL ELSE jsonb_build_object('en', "landing_description") END
)) WHERE "landing_title" IS NOT NULL OR "landing_description" IS NOT NULL;

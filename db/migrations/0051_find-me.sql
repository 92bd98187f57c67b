-- Find me (ADR 103): a gallery's switch, the company's one-time acknowledgement, each photo's
-- indexing state, its faces' embeddings (never the faces' pixels), fans' searches (their consent and what they found)
-- and their "remove me" requests.
ALTER TABLE "companies" ADD COLUMN "find_me_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "find_me_acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "find_me" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "faces_indexed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "faces_found" smallint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "faces_skipped" smallint;--> statement-breakpoint
CREATE TABLE "face_embeddings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"box_x" double precision NOT NULL,
	"box_y" double precision NOT NULL,
	"box_width" double precision NOT NULL,
	"box_height" double precision NOT NULL,
	"embedding" bytea NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "face_embeddings" ADD CONSTRAINT "face_embeddings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_embeddings" ADD CONSTRAINT "face_embeddings_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_embeddings" ADD CONSTRAINT "face_embeddings_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_embeddings_content_item_idx" ON "face_embeddings" USING btree ("content_item_id");--> statement-breakpoint
CREATE INDEX "face_embeddings_asset_idx" ON "face_embeddings" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "face_embeddings_company_idx" ON "face_embeddings" USING btree ("company_id");--> statement-breakpoint
CREATE TABLE "find_me_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid,
	"consent_text_version" text NOT NULL,
	"language" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"asset_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"face_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "find_me_searches" ADD CONSTRAINT "find_me_searches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "find_me_searches" ADD CONSTRAINT "find_me_searches_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "find_me_searches_company_idx" ON "find_me_searches" USING btree ("company_id","consented_at");--> statement-breakpoint
CREATE TABLE "find_me_removal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"asset_ids" uuid[] NOT NULL,
	"face_ids" uuid[] NOT NULL,
	"email" text,
	"message" text,
	"language" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "find_me_removal_requests_status_check" CHECK ("find_me_removal_requests"."status" in ('open', 'hidden', 'excluded', 'dismissed'))
);--> statement-breakpoint
ALTER TABLE "find_me_removal_requests" ADD CONSTRAINT "find_me_removal_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "find_me_removal_requests" ADD CONSTRAINT "find_me_removal_requests_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "find_me_removal_requests_company_idx" ON "find_me_removal_requests" USING btree ("company_id","status","created_at");--> statement-breakpoint
-- A company's rows like any other (migration 0001).
ALTER TABLE "face_embeddings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "face_embeddings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "face_embeddings"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- A fan's search reads only the faces of a published gallery whose Find me is on, of photos fans
-- may see (the assets' own policy applies inside), and never a face its person asked to leave out.
CREATE POLICY public_read ON "face_embeddings" FOR SELECT
  USING (app_reads_public(company_id) AND NOT excluded
         AND EXISTS (SELECT 1 FROM content_items ci WHERE ci.id = face_embeddings.content_item_id
                     AND ci.status = 'published' AND ci.find_me)
         AND EXISTS (SELECT 1 FROM assets a WHERE a.id = face_embeddings.asset_id));
--> statement-breakpoint
ALTER TABLE "find_me_searches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "find_me_searches" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "find_me_searches"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
ALTER TABLE "find_me_removal_requests" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "find_me_removal_requests" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "find_me_removal_requests"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());

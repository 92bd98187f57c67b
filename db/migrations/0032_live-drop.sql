CREATE TABLE "live_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"language" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "moderation" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "live_seq" bigint;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "live_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "live_auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "wall_token" text;--> statement-breakpoint
ALTER TABLE "live_followers" ADD CONSTRAINT "live_followers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_followers" ADD CONSTRAINT "live_followers_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_followers" ADD CONSTRAINT "live_followers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_followers_item_lead_idx" ON "live_followers" USING btree ("content_item_id","lead_id");--> statement-breakpoint
CREATE INDEX "live_followers_company_idx" ON "live_followers" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "assets_live_seq_idx" ON "assets" USING btree ("content_item_id","live_seq");--> statement-breakpoint
CREATE INDEX "assets_moderation_idx" ON "assets" USING btree ("content_item_id","moderation");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_wall_token_idx" ON "content_items" USING btree ("wall_token");--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_moderation_check" CHECK ("assets"."moderation" in ('pending', 'approved'));--> statement-breakpoint
-- A company's rows like any other (migration 0001).
ALTER TABLE "live_followers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "live_followers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "live_followers"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- Nothing waiting in a live gallery's moderation tray reaches a fan, whatever reads it (the page,
-- the next page, downloads, the media route, the stream): the policy of migration 0013 plus approval.
DROP POLICY IF EXISTS public_read ON "assets";
--> statement-breakpoint
CREATE POLICY public_read ON "assets" FOR SELECT
  USING (app_reads_public(company_id) AND moderation = 'approved' AND (
    purpose IN ('logo', 'hero')
    OR EXISTS (SELECT 1 FROM content_items ci
               WHERE ci.id = coalesce(assets.content_item_id, assets.illustrates_content_item_id) AND ci.status = 'published')
    OR EXISTS (SELECT 1 FROM events e WHERE e.id = assets.illustrates_event_id AND e.status = 'published')
  ));
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "assets_live_seq";
--> statement-breakpoint
-- Decided by the database so every way in (the uploader, the API) follows it: a gallery file
-- added while its gallery is live without auto-approve waits for a manager. Once a gallery file
-- is both approved and ready it takes the next place in the live streams (the event id fans
-- resume from), and a live gallery's listeners in every process are told at commit.
CREATE OR REPLACE FUNCTION app_assets_live() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  live boolean;
BEGIN
  IF NEW.purpose <> 'gallery-media' OR NEW.content_item_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT ci.live_mode AND NOT ci.live_auto_approve INTO live FROM content_items ci WHERE ci.id = NEW.content_item_id;
    IF coalesce(live, false) THEN
      NEW.moderation := 'pending';
    END IF;
  END IF;
  IF NEW.live_seq IS NULL AND NEW.moderation = 'approved' AND NEW.processing_status = 'ready' THEN
    -- Held to the commit: a gallery's places are taken in the order they become visible, so a
    -- fan resuming after place n has missed nothing before it.
    PERFORM pg_advisory_xact_lock(hashtextextended('live:' || NEW.content_item_id::text, 0));
    NEW.live_seq := nextval('assets_live_seq');
    IF EXISTS (SELECT 1 FROM content_items ci WHERE ci.id = NEW.content_item_id AND ci.live_mode) THEN
      PERFORM pg_notify('live_photos', NEW.content_item_id::text || ':' || NEW.live_seq::text);
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_live BEFORE INSERT OR UPDATE ON "assets"
  FOR EACH ROW EXECUTE FUNCTION app_assets_live();

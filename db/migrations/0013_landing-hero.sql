ALTER TABLE "assets" DROP CONSTRAINT "assets_purpose_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hero_asset_id" uuid;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_purpose_check" CHECK ("assets"."purpose" in ('content-file', 'gallery-media', 'cover', 'thumbnail', 'logo', 'hero'));--> statement-breakpoint
-- The landing's hero, like the logo, is the company's own image: public on every page of a
-- company fans may see, whatever is published (the policy of 0007 and the rule of 0008).
DROP POLICY IF EXISTS public_read ON "assets";
--> statement-breakpoint
CREATE POLICY public_read ON "assets" FOR SELECT
  USING (app_reads_public(company_id) AND (
    purpose IN ('logo', 'hero')
    OR EXISTS (SELECT 1 FROM content_items ci
               WHERE ci.id = coalesce(assets.content_item_id, assets.illustrates_content_item_id) AND ci.status = 'published')
    OR EXISTS (SELECT 1 FROM events e WHERE e.id = assets.illustrates_event_id AND e.status = 'published')
  ));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_asset_is_public(purpose text, content_item uuid, illustrated_item uuid, illustrated_event uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT purpose IN ('logo', 'hero')
    OR EXISTS (SELECT 1 FROM content_items c WHERE c.status = 'published' AND (c.id = content_item OR c.id = illustrated_item))
    OR EXISTS (SELECT 1 FROM events e WHERE e.status = 'published' AND e.id = illustrated_event)
$$;

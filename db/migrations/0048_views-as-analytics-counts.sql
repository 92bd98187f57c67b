-- An item's view count becomes the analytics' own figure (pages and photos opened, a visitor's
-- repeat within 30 minutes counted once, automated browsers left out), kept up by the rollup job.
-- The counts so far came from a per-visit post that counted new tabs and robots alike, so they
-- are set from the rollups once: every screen then shows the same number.
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
UPDATE "content_items" AS ci
SET "view_count" = coalesce((
  SELECT sum(d."page_views" + d."item_views")::int
  FROM "analytics_daily" AS d
  WHERE d."company_id" = ci."company_id" AND d."scope" = 'item' AND d."subject" = ci."id"::text
), 0);
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

CREATE TABLE "analytics_daily_songs" (
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"song" text NOT NULL,
	"day" date NOT NULL,
	"zip_downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_songs_company_id_content_item_id_song_day_pk" PRIMARY KEY("company_id","content_item_id","song","day")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_files" ADD COLUMN "item_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_files" ADD COLUMN "downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_songs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_daily_songs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "analytics_daily_songs"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- Each file's views and single downloads from the raw events already rolled up (ADR 063), a
-- visitor's repeated view of a file within 30 minutes counted once, as the job counts them.
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
WITH rolled AS (
  SELECT e.*, (e.occurred_at AT TIME ZONE 'UTC')::date AS day FROM analytics_events e
  WHERE e.id <= coalesce((SELECT last_id FROM analytics_rollup_state WHERE name = 'events'), 0)
    AND e.asset_id IS NOT NULL AND e.content_item_id IS NOT NULL
    AND (e.type = 'item_view' OR (e.type = 'download' AND e.detail IS DISTINCT FROM 'zip'))
), views AS (
  SELECT *, lag(occurred_at) OVER (PARTITION BY company_id, visitor, asset_id ORDER BY occurred_at, id) AS previous FROM rolled WHERE type = 'item_view'
)
INSERT INTO analytics_daily_files (company_id, content_item_id, asset_id, day, item_views, downloads)
SELECT company_id, min(content_item_id::text)::uuid, asset_id, day,
  count(*) FILTER (WHERE type = 'item_view')::int, count(*) FILTER (WHERE type = 'download')::int
FROM (
  SELECT company_id, content_item_id, asset_id, day, type FROM views WHERE previous IS NULL OR occurred_at - previous >= interval '30 minutes'
  UNION ALL SELECT company_id, content_item_id, asset_id, day, type FROM rolled WHERE type = 'download'
) counted
GROUP BY company_id, asset_id, day
ON CONFLICT (company_id, asset_id, day) DO UPDATE SET item_views = excluded.item_views, downloads = excluded.downloads;
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

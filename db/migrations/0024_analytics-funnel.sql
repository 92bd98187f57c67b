ALTER TABLE "analytics_daily" ADD COLUMN "viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "lead_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "download_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "share_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What was rolled up before the funnel existed gets its funnel from the raw events still kept;
-- today's visitors are marked, so the rollup job does not count them again.
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
WITH state AS (
  SELECT coalesce((SELECT last_id FROM analytics_rollup_state WHERE name = 'events'), 0) AS last_id
), steps AS (
  SELECT DISTINCT e.company_id, (e.occurred_at AT TIME ZONE 'UTC')::date AS day, e.visitor,
    CASE WHEN e.type IN ('page_view', 'item_view') THEN 'view' ELSE e.type END AS step
  FROM analytics_events e, state
  WHERE e.id <= state.last_id AND e.type IN ('page_view', 'item_view', 'lead', 'download', 'share')
), marked AS (
  INSERT INTO analytics_visitor_marks (company_id, day, mark, visitor)
  SELECT company_id, day, 'funnel:' || step, visitor FROM steps WHERE day >= (now() AT TIME ZONE 'UTC')::date - 2
  ON CONFLICT DO NOTHING
)
UPDATE analytics_daily d SET
  viewers = c.viewers, lead_visitors = c.lead_visitors, download_visitors = c.download_visitors, share_visitors = c.share_visitors
FROM (
  SELECT company_id, day,
    count(*) FILTER (WHERE step = 'view')::int AS viewers, count(*) FILTER (WHERE step = 'lead')::int AS lead_visitors,
    count(*) FILTER (WHERE step = 'download')::int AS download_visitors, count(*) FILTER (WHERE step = 'share')::int AS share_visitors
  FROM steps GROUP BY 1, 2
) c
WHERE d.company_id = c.company_id AND d.scope = 'company' AND d.subject = '' AND d.day = c.day;
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

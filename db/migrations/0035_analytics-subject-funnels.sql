CREATE TABLE "analytics_daily_files" (
	"company_id" text NOT NULL,
	"content_item_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"day" date NOT NULL,
	"watched_seconds" double precision DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_files_company_id_asset_id_day_pk" PRIMARY KEY("company_id","asset_id","day")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_files_item_day_idx" ON "analytics_daily_files" USING btree ("company_id","content_item_id","day");--> statement-breakpoint
ALTER TABLE "analytics_daily_files" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_daily_files" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "analytics_daily_files"
  USING (app_bypasses_rls() OR company_id = app_current_company())
  WITH CHECK (app_bypasses_rls() OR company_id = app_current_company());
--> statement-breakpoint
-- The funnel is now rolled up for each event and item too, and watched time, plays and
-- completions for each file (ADR 062). Days rolled up before get theirs from the raw events still
-- kept; the last two days' visitors are marked, so the rollup job does not count them again.
SELECT set_config('app.bypass_rls', 'on', false);
--> statement-breakpoint
WITH state AS (
  SELECT coalesce((SELECT last_id FROM analytics_rollup_state WHERE name = 'events'), 0) AS last_id
), steps AS (
  SELECT DISTINCT e.company_id, (e.occurred_at AT TIME ZONE 'UTC')::date AS day, s.scope, s.subject, e.visitor,
    CASE WHEN e.type IN ('page_view', 'item_view') THEN 'view' ELSE e.type END AS step
  FROM analytics_events e CROSS JOIN state
  CROSS JOIN LATERAL (VALUES ('event', e.event_id::text), ('item', e.content_item_id::text)) AS s(scope, subject)
  WHERE e.id <= state.last_id AND s.subject IS NOT NULL AND e.type IN ('page_view', 'item_view', 'lead', 'download', 'share')
), marked AS (
  INSERT INTO analytics_visitor_marks (company_id, day, mark, visitor)
  SELECT company_id, day, 'funnel:' || scope || ':' || subject || ':' || step, visitor FROM steps WHERE day >= (now() AT TIME ZONE 'UTC')::date - 2
  ON CONFLICT DO NOTHING
)
UPDATE analytics_daily d SET
  viewers = c.viewers, lead_visitors = c.lead_visitors, download_visitors = c.download_visitors, share_visitors = c.share_visitors
FROM (
  SELECT company_id, scope, subject, day,
    count(*) FILTER (WHERE step = 'view')::int AS viewers, count(*) FILTER (WHERE step = 'lead')::int AS lead_visitors,
    count(*) FILTER (WHERE step = 'download')::int AS download_visitors, count(*) FILTER (WHERE step = 'share')::int AS share_visitors
  FROM steps GROUP BY 1, 2, 3, 4
) c
WHERE d.company_id = c.company_id AND d.scope = c.scope AND d.subject = c.subject AND d.day = c.day;
--> statement-breakpoint
-- Per file: plays and completions once per visitor, file and day, as the job counts them (its
-- marks for those already exist).
INSERT INTO analytics_daily_files (company_id, content_item_id, asset_id, day, watched_seconds, plays, completions)
SELECT e.company_id, e.content_item_id, e.asset_id, (e.occurred_at AT TIME ZONE 'UTC')::date,
  sum(greatest(e.to_seconds - e.from_seconds, 0)),
  count(DISTINCT e.visitor) FILTER (WHERE e.to_seconds > e.from_seconds)::int,
  count(DISTINCT e.visitor) FILTER (WHERE e.duration_seconds > 0 AND e.to_seconds >= e.duration_seconds * 0.95)::int
FROM analytics_events e
WHERE e.id <= coalesce((SELECT last_id FROM analytics_rollup_state WHERE name = 'events'), 0)
  AND e.type = 'heartbeat' AND e.asset_id IS NOT NULL AND e.content_item_id IS NOT NULL
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT set_config('app.bypass_rls', '', false);

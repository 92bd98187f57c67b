-- The funnel is now rolled up for each event and item too (ADR 046, issue 14). Days rolled up
-- before get theirs from the raw events still kept; today's and yesterday's visitors are marked,
-- so the rollup job does not count them again.
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
SELECT set_config('app.bypass_rls', '', false);

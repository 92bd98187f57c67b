-- What the admin's analytics read (bench: BENCH_ONLY=analytics-queries): one scope of a company
-- over a range of days. By (company, day) the event and item tables read every scope's rows of the
-- range and threw most away; the heatmaps of the page's top items read every file of the company.
DROP INDEX "analytics_daily_company_day_idx";--> statement-breakpoint
CREATE INDEX "analytics_daily_company_scope_day_idx" ON "analytics_daily" USING btree ("company_id","scope","day");--> statement-breakpoint
CREATE INDEX "analytics_playback_buckets_item_day_idx" ON "analytics_playback_buckets" USING btree ("company_id","content_item_id","day");
import { sql } from 'drizzle-orm'
import type { PlatformContext } from '#app/access/context'
import type { Transaction } from '#app/lib/db.server'
import { CHAPTER_ZIP_PREFIX, REPEAT_VIEW_WINDOW_MINUTES, HEATMAP_BUCKET_SECONDS } from '../analytics-events'
import { EVENT_WRITE_LOCK } from './event-buffer.server'

/*
 * The rollup job (ADR 040): reads the raw events written since it last ran, in id order, and adds
 * them to the per-day rollups of the company, the event and the item they belong to, and to the
 * playback heatmap. Everything happens in one transaction with the new high-water mark, so a
 * batch is added exactly once however often the job runs or fails.
 *
 * Counting rules, applied here and nowhere else (an item's own view count included):
 * - a page or item view counts unless the same visitor viewed the same thing less than 30 minutes
 *   before (counted or not: a fan who keeps coming back within the half hour is one view);
 * - likes are net, one per visitor per item: a like counts when the visitor did not like the item
 *   yet, an unlike takes one back when they did;
 * - visitors, plays and completions are unique per visitor and day;
 * - a completion is a heartbeat reaching 95 % of the file's length;
 * - each funnel step (viewed, left details, downloaded, shared) counts a visitor once a day, for the
 *   company and for each event and item.
 */

const STATE = 'events'
/** Rows added per transaction: keeps each one short while a backlog is worked off. */
const BATCH_ROWS = 50_000
export const COMPLETION_SHARE = 0.95

/** The highest id every insert under way has committed up to: writers hold the shared lock while they insert. */
async function committedUpTo(sweep: PlatformContext) {
  return sweep.platform(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_WRITE_LOCK})`)
    const { rows } = await tx.execute<{ last: string | null }>(
      sql`select case when is_called then last_value end as last from analytics_events_id_seq`,
    )
    return Number(rows[0]?.last ?? 0)
  })
}

async function rollUpBatch(tx: Transaction, upTo: number) {
  await tx.execute(sql`insert into analytics_rollup_state (name, last_id) values (${STATE}, 0) on conflict do nothing`)
  const [state] = (
    await tx.execute<{ last_id: string }>(
      sql`select last_id from analytics_rollup_state where name = ${STATE} for update`,
    )
  ).rows
  const from = Number(state.last_id)
  const to = Math.min(upTo, from + BATCH_ROWS)
  if (to <= from) return 0
  const run = (query: ReturnType<typeof sql>) => tx.execute(query)

  await run(sql`create temp table ab on commit drop as
    select id, company_id, occurred_at, (occurred_at at time zone 'UTC')::date as day, type, visitor, content_item_id, asset_id, event_id, detail, from_seconds, to_seconds, duration_seconds
    from analytics_events where id > ${from} and id <= ${to}`)
  const { rows } = await tx.execute<{ count: number }>(sql`select count(*)::int as count from ab`)
  const count = rows[0].count
  if (count > 0) {
    // Each event counts for its company, its event (if any) and its item (if any).
    await run(sql`create temp table ascope on commit drop as
      select id, company_id, day, 'company'::text as scope, ''::text as subject from ab
      union all select id, company_id, day, 'event', event_id::text from ab where event_id is not null
      union all select id, company_id, day, 'item', content_item_id::text from ab where content_item_id is not null`)
    await run(sql`create temp table ac (id bigint not null, page_views int not null default 0, item_views int not null default 0, likes int not null default 0,
      shares int not null default 0, downloads int not null default 0, zip_downloads int not null default 0, comments int not null default 0, leads int not null default 0,
      watched_seconds float8 not null default 0, plays int not null default 0, completions int not null default 0) on commit drop`)

    // Views, with repeats within the window left out (against the last view before this batch too).
    await run(sql`create temp table aviews on commit drop as
      select id, company_id, visitor, type, occurred_at,
        case when type = 'page_view' then 'page:' || detail || ':' || coalesce(content_item_id::text, event_id::text, '')
             else 'item:' || coalesce(asset_id::text, content_item_id::text) end as target
      from ab where type in ('page_view', 'item_view')`)
    await run(sql`insert into ac (id, page_views, item_views)
      select id, (type = 'page_view')::int, (type = 'item_view')::int from (
        select v.id, v.type, v.occurred_at,
          coalesce(lag(v.occurred_at) over (partition by v.company_id, v.visitor, v.target order by v.occurred_at, v.id), m.last_view_at) as previous
        from aviews v left join analytics_view_marks m on m.company_id = v.company_id and m.visitor = v.visitor and m.target = v.target
      ) w where previous is null or occurred_at - previous >= make_interval(mins => ${REPEAT_VIEW_WINDOW_MINUTES})`)
    await run(sql`insert into analytics_view_marks (company_id, visitor, target, last_view_at)
      select company_id, visitor, target, max(occurred_at) from aviews group by 1, 2, 3
      on conflict (company_id, visitor, target) do update set last_view_at = greatest(analytics_view_marks.last_view_at, excluded.last_view_at)`)

    // Likes, in order: a like counts when the visitor did not like the item yet, an unlike when they did.
    await run(sql`create temp table alikes on commit drop as
      select id, company_id, target, visitor, type = 'like' as liked, occurred_at,
        lag(type = 'like') over (partition by company_id, target, visitor order by id) as liked_before
      from (select *, coalesce(asset_id::text, content_item_id::text) as target from ab where type in ('like', 'unlike')) x`)
    await run(sql`insert into ac (id, likes)
      select l.id, case when l.liked then 1 else -1 end
      from alikes l left join analytics_likes s on s.company_id = l.company_id and s.target = l.target and s.visitor = l.visitor
      where l.liked is distinct from coalesce(l.liked_before, s.liked, false)`)
    await run(sql`insert into analytics_likes (company_id, target, visitor, liked, updated_at)
      select distinct on (company_id, target, visitor) company_id, target, visitor, liked, occurred_at from alikes order by company_id, target, visitor, id desc
      on conflict (company_id, target, visitor) do update set liked = excluded.liked, updated_at = excluded.updated_at`)

    await run(sql`insert into ac (id, shares, downloads, zip_downloads, comments, leads, watched_seconds)
      select id, (type = 'share')::int, (type = 'download' and coalesce(detail, '') not like 'zip%')::int, (type = 'download' and detail like 'zip%')::int,
        (type = 'comment')::int, (type = 'lead')::int, case when type = 'heartbeat' then greatest(to_seconds - from_seconds, 0) else 0 end
      from ab where type in ('share', 'download', 'comment', 'lead', 'heartbeat')`)

    // Plays and completions: once per visitor, file and day.
    await run(sql`create temp table aplays on commit drop as
      select company_id, day, 'play:' || asset_id as mark, visitor, min(id) as id from ab
        where type = 'heartbeat' and to_seconds > from_seconds group by 1, 2, 3, 4
      union all
      select company_id, day, 'complete:' || asset_id, visitor, min(id) from ab
        where type = 'heartbeat' and duration_seconds > 0 and to_seconds >= duration_seconds * ${COMPLETION_SHARE} group by 1, 2, 3, 4`)
    await run(sql`with fresh as (
        insert into analytics_visitor_marks (company_id, day, mark, visitor) select company_id, day, mark, visitor from aplays
        on conflict do nothing returning company_id, day, mark, visitor)
      insert into ac (id, plays, completions)
      select p.id, (p.mark like 'play:%')::int, (p.mark like 'complete:%')::int
      from aplays p join fresh f on f.company_id = p.company_id and f.day = p.day and f.mark = p.mark and f.visitor = p.visitor`)

    // Unique visitors of each company, event and item per day.
    await run(sql`create temp table avisits on commit drop as
      select distinct s.company_id, s.day, 'visit:' || s.scope || ':' || s.subject as mark, b.visitor, s.scope, s.subject
      from ascope s join ab b on b.id = s.id`)
    await run(sql`create temp table avisitors on commit drop as
      with fresh as (
        insert into analytics_visitor_marks (company_id, day, mark, visitor) select company_id, day, mark, visitor from avisits
        on conflict do nothing returning company_id, day, mark, visitor)
      select v.company_id, v.scope, v.subject, v.day, count(*)::int as visitors
      from avisits v join fresh f on f.company_id = v.company_id and f.day = v.day and f.mark = v.mark and f.visitor = v.visitor
      group by 1, 2, 3, 4`)

    await run(sql`insert into analytics_daily (company_id, scope, subject, day, page_views, item_views, visitors, likes, shares, downloads, zip_downloads, comments, leads, watched_seconds, plays, completions)
      select company_id, scope, subject, day, coalesce(page_views, 0), coalesce(item_views, 0), coalesce(visitors, 0), coalesce(likes, 0), coalesce(shares, 0),
        coalesce(downloads, 0), coalesce(zip_downloads, 0), coalesce(comments, 0), coalesce(leads, 0), coalesce(watched_seconds, 0), coalesce(plays, 0), coalesce(completions, 0)
      from (
        select s.company_id, s.scope, s.subject, s.day, sum(c.page_views)::int as page_views, sum(c.item_views)::int as item_views, sum(c.likes)::int as likes,
          sum(c.shares)::int as shares, sum(c.downloads)::int as downloads, sum(c.zip_downloads)::int as zip_downloads, sum(c.comments)::int as comments,
          sum(c.leads)::int as leads, sum(c.watched_seconds) as watched_seconds, sum(c.plays)::int as plays, sum(c.completions)::int as completions
        from ascope s join ac c on c.id = s.id group by 1, 2, 3, 4
      ) sums full join avisitors using (company_id, scope, subject, day)
      on conflict (company_id, scope, subject, day) do update set
        page_views = analytics_daily.page_views + excluded.page_views, item_views = analytics_daily.item_views + excluded.item_views,
        visitors = analytics_daily.visitors + excluded.visitors, likes = analytics_daily.likes + excluded.likes, shares = analytics_daily.shares + excluded.shares,
        downloads = analytics_daily.downloads + excluded.downloads, zip_downloads = analytics_daily.zip_downloads + excluded.zip_downloads,
        comments = analytics_daily.comments + excluded.comments, leads = analytics_daily.leads + excluded.leads,
        watched_seconds = analytics_daily.watched_seconds + excluded.watched_seconds, plays = analytics_daily.plays + excluded.plays,
        completions = analytics_daily.completions + excluded.completions`)

    // An item's views by the rule above, kept on the item as well: the editor, the library, the
    // dashboard and the API read that one figure, so no screen counts a view its own way.
    await run(sql`update content_items ci set view_count = ci.view_count + v.views
      from (select s.company_id, s.subject::uuid as id, sum(c.page_views + c.item_views)::int as views
        from ascope s join ac c on c.id = s.id where s.scope = 'item' group by 1, 2) v
      where ci.id = v.id and ci.company_id = v.company_id and v.views > 0`)

    // The funnel: the visitors of the day who viewed, left details, downloaded, shared (once each),
    // of the company and of each event and item, so the page can show one show's or one item's.
    await run(sql`create temp table afunnel on commit drop as
      with steps as (
        select distinct s.company_id, s.day, s.scope, s.subject, b.visitor,
          case when s.scope = 'company' then 'funnel:' else 'funnel:' || s.scope || ':' || s.subject || ':' end
            || case when b.type in ('page_view', 'item_view') then 'view' else b.type end as mark
        from ascope s join ab b on b.id = s.id where b.type in ('page_view', 'item_view', 'lead', 'download', 'share')),
      fresh as (
        insert into analytics_visitor_marks (company_id, day, mark, visitor) select company_id, day, mark, visitor from steps
        on conflict do nothing returning company_id, day, mark, visitor)
      select s.company_id, s.scope, s.subject, s.day, count(*) filter (where s.mark like '%:view')::int as viewers, count(*) filter (where s.mark like '%:lead')::int as lead_visitors,
        count(*) filter (where s.mark like '%:download')::int as download_visitors, count(*) filter (where s.mark like '%:share')::int as share_visitors
      from steps s join fresh f on f.company_id = s.company_id and f.day = s.day and f.mark = s.mark and f.visitor = s.visitor
      group by 1, 2, 3, 4`)
    await run(sql`insert into analytics_daily (company_id, scope, subject, day, viewers, lead_visitors, download_visitors, share_visitors)
      select company_id, scope, subject, day, viewers, lead_visitors, download_visitors, share_visitors from afunnel
      on conflict (company_id, scope, subject, day) do update set
        viewers = analytics_daily.viewers + excluded.viewers, lead_visitors = analytics_daily.lead_visitors + excluded.lead_visitors,
        download_visitors = analytics_daily.download_visitors + excluded.download_visitors, share_visitors = analytics_daily.share_visitors + excluded.share_visitors`)

    await run(sql`insert into analytics_daily_shares (company_id, scope, subject, day, channel, shares)
      select s.company_id, s.scope, s.subject, s.day, b.detail, count(*)::int from ascope s join ab b on b.id = s.id where b.type = 'share' group by 1, 2, 3, 4, 5
      on conflict (company_id, scope, subject, day, channel) do update set shares = analytics_daily_shares.shares + excluded.shares`)

    // Each file's watched time, plays and completions: a gallery's videos each have their own.
    await run(sql`insert into analytics_daily_files (company_id, content_item_id, asset_id, day, watched_seconds, plays, completions)
      select b.company_id, b.content_item_id, b.asset_id, b.day, sum(c.watched_seconds), sum(c.plays)::int, sum(c.completions)::int
      from ac c join ab b on b.id = c.id
      where b.type = 'heartbeat' and b.asset_id is not null and b.content_item_id is not null
      group by 1, 2, 3, 4
      on conflict (company_id, asset_id, day) do update set watched_seconds = analytics_daily_files.watched_seconds + excluded.watched_seconds,
        plays = analytics_daily_files.plays + excluded.plays, completions = analytics_daily_files.completions + excluded.completions`)

    // Each file's views and single downloads, and each set-list song's chapter ZIPs: a song's figures (ADR 063).
    await run(sql`insert into analytics_daily_files (company_id, content_item_id, asset_id, day, item_views, downloads)
      select b.company_id, b.content_item_id, b.asset_id, b.day, sum(c.item_views)::int, sum(c.downloads)::int
      from ac c join ab b on b.id = c.id
      where b.type in ('item_view', 'download') and b.asset_id is not null and b.content_item_id is not null
      group by 1, 2, 3, 4 having sum(c.item_views) > 0 or sum(c.downloads) > 0
      on conflict (company_id, asset_id, day) do update set item_views = analytics_daily_files.item_views + excluded.item_views,
        downloads = analytics_daily_files.downloads + excluded.downloads`)
    await run(sql`insert into analytics_daily_songs (company_id, content_item_id, song, day, zip_downloads)
      select company_id, content_item_id, substr(detail, ${CHAPTER_ZIP_PREFIX.length + 1}), day, count(*)::int from ab
      where type = 'download' and content_item_id is not null and starts_with(detail, ${CHAPTER_ZIP_PREFIX})
      group by 1, 2, 3, 4
      on conflict (company_id, content_item_id, song, day) do update set zip_downloads = analytics_daily_songs.zip_downloads + excluded.zip_downloads`)

    await run(sql`insert into analytics_playback_buckets (company_id, content_item_id, asset_id, day, bucket, plays)
      select b.company_id, b.content_item_id, b.asset_id, b.day, g.bucket, count(*)::int
      from ab b cross join lateral generate_series(floor(b.from_seconds / ${HEATMAP_BUCKET_SECONDS})::int, ceil(b.to_seconds / ${HEATMAP_BUCKET_SECONDS})::int - 1) as g(bucket)
      where b.type = 'heartbeat' and b.to_seconds > b.from_seconds
      group by 1, 2, 3, 4, 5
      on conflict (company_id, asset_id, day, bucket) do update set plays = analytics_playback_buckets.plays + excluded.plays`)
  }
  await run(sql`update analytics_rollup_state set last_id = ${to}, updated_at = now() where name = ${STATE}`)
  return count
}

/** Adds every committed raw event not yet rolled up; returns how many it added. Safe to run anywhere, any number of times. */
export async function rollUpEvents(sweep: PlatformContext) {
  const upTo = await committedUpTo(sweep)
  let total = 0
  for (;;) {
    const before = await sweep.platform(async (tx) => {
      const [row] = (
        await tx.execute<{ last_id: string }>(sql`select last_id from analytics_rollup_state where name = ${STATE}`)
      ).rows
      return Number(row?.last_id ?? 0)
    })
    if (before >= upTo) return total
    total += await sweep.platform((tx) => rollUpBatch(tx, upTo))
  }
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { asset, contentItem, event, organization } from '#db/schema'
import { withPublicRead } from '#app/lib/db.server'
import { isDatabaseUnavailable } from '#app/lib/errors'

/*
 * What a fan's events may name: the company's published items, their files and its published
 * events, read as fans read them (row-level security's public mode) and kept a minute per
 * process, so ingestion does not ask the database on every request. A changed company is
 * forgotten at once (NOTIFY public_changes, see ANALYTICS_TARGET_CHANGES).
 */

export type ItemTarget = { id: string; eventId: string | null }
export type FileTarget = {
  id: string
  contentItemId: string
  eventId: string | null
  mediaType: string
  durationSeconds: number | null
}
export type CompanyTargets = {
  companyId: string
  items: Map<string, ItemTarget | null>
  files: Map<string, FileTarget | null>
  events: Map<string, { id: string } | null>
}

const KEEP_MS = 60_000
const MAX_COMPANIES = 5_000
const TARGETS_KEY = Symbol.for('afterglow.analytics-targets')
type Kept = { at: number; exists: boolean; targets: CompanyTargets }
type GlobalWithTargets = typeof globalThis & { [TARGETS_KEY]?: Map<string, Kept> }

function kept() {
  const store = globalThis as GlobalWithTargets
  return (store[TARGETS_KEY] ??= new Map())
}

/**
 * Forgets a company's targets (what fans see of it changed), or, after notifications may have
 * been missed, marks every company's as due to be read again: kept meanwhile, so that while the
 * database is away fans' events are still judged by what was last known.
 */
export function forgetEventTargets(companyId?: string) {
  if (companyId) kept().delete(companyId)
  else for (const entry of kept().values()) entry.at = 0
}

/** Forgets a company's targets when what fans can see of it changes (migration 0008's notification). */
export const ANALYTICS_TARGET_CHANGES = { public_changes: (companyId: string) => forgetEventTargets(companyId) }

/** The company's kept targets, or null when it is unknown, suspended or closed (its fans' pages answer nothing). */
async function companyTargets(companyId: string): Promise<CompanyTargets | null> {
  const now = Date.now()
  const cache = kept()
  const found = cache.get(companyId)
  if (found && now - found.at < KEEP_MS) return found.exists ? found.targets : null
  // Read as fans read it (kept for a while: one read per company, not per beacon).
  let row: { id: string } | undefined
  try {
    ;[row] = await withPublicRead(companyId, (tx) =>
      tx
        .select({ id: organization.id })
        .from(organization)
        .where(and(eq(organization.id, companyId), isNull(organization.suspendedAt), isNull(organization.closedAt))),
    )
  } catch (error) {
    // The database away for a moment: the last answer stands until it can be asked again.
    if (found && isDatabaseUnavailable(error)) return found.exists ? found.targets : null
    throw error
  }
  if (cache.size >= MAX_COMPANIES) cache.delete(cache.keys().next().value!)
  const entry: Kept = {
    at: now,
    exists: Boolean(row),
    targets: { companyId, items: new Map(), files: new Map(), events: new Map() },
  }
  cache.set(companyId, entry)
  return entry.exists ? entry.targets : null
}

/**
 * The targets of `companyId` with every id of `wanted` looked up (unknown ones, and ids of other
 * companies, as null). One query per kind of id not yet known.
 */
export async function findEventTargets(
  companyId: string,
  wanted: { items: string[]; files: string[]; events: string[] },
): Promise<CompanyTargets | null> {
  const targets = await companyTargets(companyId)
  if (!targets) return null
  const items = [...new Set(wanted.items)].filter((id) => !targets.items.has(id))
  const files = [...new Set(wanted.files)].filter((id) => !targets.files.has(id))
  const events = [...new Set(wanted.events)].filter((id) => !targets.events.has(id))
  if (items.length + files.length + events.length === 0) return targets
  await withPublicRead(companyId, async (tx) => {
    if (items.length > 0) {
      const rows = await tx
        .select({ id: contentItem.id, eventId: contentItem.eventId })
        .from(contentItem)
        .where(
          and(
            eq(contentItem.companyId, companyId),
            eq(contentItem.status, 'published'),
            inArray(contentItem.id, items),
          ),
        )
      for (const id of items) targets.items.set(id, null)
      for (const row of rows) targets.items.set(row.id, row)
    }
    if (files.length > 0) {
      const rows = await tx
        .select({
          id: asset.id,
          contentItemId: asset.contentItemId,
          eventId: contentItem.eventId,
          mediaType: asset.mediaType,
          durationMs: asset.durationMs,
        })
        .from(asset)
        .innerJoin(contentItem, eq(contentItem.id, asset.contentItemId))
        .where(
          and(
            eq(asset.companyId, companyId),
            eq(contentItem.status, 'published'),
            inArray(asset.id, files),
            sql`${asset.purpose} in ('content-file', 'gallery-media')`,
          ),
        )
      for (const id of files) targets.files.set(id, null)
      for (const row of rows)
        targets.files.set(row.id, {
          id: row.id,
          contentItemId: row.contentItemId!,
          eventId: row.eventId,
          mediaType: row.mediaType,
          durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
        })
    }
    if (events.length > 0) {
      const rows = await tx
        .select({ id: event.id })
        .from(event)
        .where(and(eq(event.companyId, companyId), eq(event.status, 'published'), inArray(event.id, events)))
      for (const id of events) targets.events.set(id, null)
      for (const row of rows) targets.events.set(row.id, row)
    }
  })
  return targets
}

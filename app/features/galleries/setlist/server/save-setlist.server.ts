import { eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import { ensureCanEditContent } from '#app/features/galleries/server/get-content-item.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { parseSetlist, type SetlistProblem, type StoredSetlist } from '../setlist'
import type { TSetlistForm } from '../setlist.schema'
import { getSetlistForEdit } from './get-setlist-for-edit.server'

export type SaveSetlistResult =
  | { saved: true; setlist: StoredSetlist | null }
  | { saved: false; problems: SetlistProblem[] }

/**
 * Keeps a gallery's set-list: each line read against the show's start (its event's, else the one
 * given here), refused whole when any line is wrong. An empty text removes the set-list.
 */
export async function saveSetlist(
  context: TenantContext,
  contentItemId: string,
  input: TSetlistForm,
): Promise<SaveSetlistResult> {
  const current = await getSetlistForEdit(context, contentItemId)
  ensureCanEditContent(context, current.status)
  if (current.kind !== 'gallery') throw new AppError('BAD_REQUEST', 'setlist.errors.galleryOnly')
  const showStartsAt = current.eventStartsAt ?? input.showStartsAt
  const { songs, problems } = parseSetlist(input.source, showStartsAt)
  if (problems.length > 0) return { saved: false, problems }
  const setlist: StoredSetlist | null =
    songs.length === 0
      ? null
      : {
          songs,
          source: input.source.trim(),
          timeZone: input.timeZone,
          clockShiftSeconds: input.clockShift,
          showStartsAt: current.eventStartsAt ? null : (input.showStartsAt?.toISOString() ?? null),
        }
  await context.withTenant((tx) =>
    tx.update(contentItem).set({ setlist, updatedAt: new Date() }).where(eq(contentItem.id, current.id)),
  )
  return { saved: true, setlist }
}

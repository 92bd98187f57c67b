import { and, eq } from 'drizzle-orm'
import { contentItem } from '#db/schema'
import type { PublicContext } from '#app/access/context'
import { AppError } from '#app/lib/errors'
import type { Visit } from '#app/access/visit.server'
import { galleryAccessPath } from '../protection-paths'
import { hasAccess } from './access-cookie.server'

export type GalleryAccess = {
  id: string
  title: string
  passwordHash: string | null
  expiresAt: Date | null
  /** Whether fans' pages of it must never be kept in a shared cache (it changes per fan or with time). */
  isPrivate: boolean
  state: 'open' | 'locked' | 'ended'
}

/** The columns of a gallery's row its door reads: read with the gallery where a page reads it anyway. */
export const GALLERY_DOOR_COLUMNS = {
  id: contentItem.id,
  title: contentItem.title,
  passwordHash: contentItem.accessPasswordHash,
  expiresAt: contentItem.expiresAt,
  pinHash: contentItem.downloadPinHash,
}

export type GalleryDoorRow = {
  id: string
  title: string
  passwordHash: string | null
  expiresAt: Date | null
  pinHash: string | null
}

/** A published gallery's protection, and what it means for this visitor; null when there is no such gallery. */
export async function findGalleryAccess(
  context: PublicContext,
  visit: Pick<Visit, 'cookies'>,
  gallerySlug: string,
  now = new Date(),
): Promise<GalleryAccess | null> {
  const [row] = await context.read((tx) =>
    tx
      .select(GALLERY_DOOR_COLUMNS)
      .from(contentItem)
      .where(
        and(
          eq(contentItem.companyId, context.company.id),
          eq(contentItem.slug, gallerySlug),
          eq(contentItem.kind, 'gallery'),
          eq(contentItem.status, 'published'),
        ),
      ),
  )
  return row ? accessOf(context, visit, row, now) : null
}

/** What a gallery's protection, as its row holds it, means for this visitor. */
function accessOf(
  context: Pick<PublicContext, 'entitlements'>,
  visit: Pick<Visit, 'cookies'>,
  row: GalleryDoorRow,
  now = new Date(),
): GalleryAccess {
  // A company that left Professional keeps its settings, but they stop applying (like other gated settings).
  const enforced = context.entitlements.galleryProtection
  const passwordHash = enforced ? row.passwordHash : null
  const expiresAt = enforced ? row.expiresAt : null
  const state =
    expiresAt && expiresAt <= now
      ? 'ended'
      : hasAccess('password', row.id, passwordHash, visit.cookies)
        ? 'open'
        : 'locked'
  return {
    id: row.id,
    title: row.title,
    passwordHash,
    expiresAt,
    isPrivate: Boolean(passwordHash || expiresAt || (enforced && row.pinHash)),
    state,
  }
}

/**
 * For the gallery's own pages: a fan without the password, or after the end, is sent to the
 * gallery's access page. Returns the headers the page must carry (protected pages are never
 * kept by a shared cache).
 */
export async function guardGalleryAccess(
  context: PublicContext,
  visit: Pick<Visit, 'cookies'>,
  gallerySlug: string,
): Promise<HeadersInit> {
  const access = await findGalleryAccess(context, visit, gallerySlug)
  return access ? guardOf(context, gallerySlug, access) : {}
}

/** The same guard, on the gallery's row a page has read with its door's columns (GALLERY_DOOR_COLUMNS). */
export function guardGalleryDoor(
  context: Pick<PublicContext, 'entitlements' | 'basePath'>,
  visit: Pick<Visit, 'cookies'>,
  gallerySlug: string,
  row: GalleryDoorRow,
): HeadersInit {
  return guardOf(context, gallerySlug, accessOf(context, visit, row))
}

function guardOf(context: Pick<PublicContext, 'basePath'>, gallerySlug: string, access: GalleryAccess): HeadersInit {
  if (access.state !== 'open')
    throw new AppError('SEE_OTHER', 'public.protection.passwordIntro', {
      location: galleryAccessPath(context.basePath, gallerySlug),
      headers: PRIVATE_PAGE,
    })
  return access.isPrivate ? PRIVATE_PAGE : {}
}

export const PRIVATE_PAGE = { 'Cache-Control': 'private, no-store' }

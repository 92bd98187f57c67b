import { RESERVED_SLUGS } from '#app/features/companies/companies.schema'
import { AppError } from '#app/lib/errors'

/** The demo company is a real company at /demo; its slug is reserved only so nobody else takes it. */
const COMPANY_SEGMENTS = new Set(['demo'])

/** A reserved segment on its own says what the visitor was after: an event, a content item, a gallery. */
const NOT_FOUND_OF: Record<string, string> = {
  event: 'public.notFound.event',
  evento: 'public.notFound.event',
  player: 'public.notFound.content',
  galeria: 'public.notFound.gallery',
}

/** True for the platform's own single segments (RESERVED_SLUGS), the demo company's aside. */
export function isReservedSegment(segment: string) {
  const name = segment.toLowerCase()
  return !COMPANY_SEGMENTS.has(name) && (RESERVED_SLUGS as readonly string[]).includes(name)
}

/**
 * `/{segment}` is a company's landing unless the segment is one of the platform's own (spec:
 * auth, admin, event, api, privacy, terms, cookies and the product's other paths). Those never
 * resolve as a company, even if an old company had taken the name.
 */
export function refuseReservedSegment(segment: string | undefined) {
  if (!segment) return
  if (!isReservedSegment(segment)) return
  throw new AppError('NOT_FOUND', NOT_FOUND_OF[segment.toLowerCase()] ?? 'public.notFound.page', { home: '/' })
}

import type { Visit } from '#app/access/visit.server'
import { findContentCompanySlug } from '#app/features/public/server/find-content-company.server'
import { getPublicContent } from './get-public-content.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { type PublicContext } from '#app/access/context'

/**
 * The company whose content the player shows: the one of the path or subdomain, or on the
 * platform's own host (`/player/{contentId}`), the one that published the item.
 */
export async function resolvePlayerCompany(visit: Visit, params: { clientSlug?: string; contentId: string }) {
  if (params.clientSlug || visit.host.kind === 'company') return resolvePublicCompany(visit, params.clientSlug)
  return resolvePublicCompany(visit, await findContentCompanySlug(params.contentId))
}

/** Everything the player page shows; a gallery's id answers with its own page's address instead. */
export async function loadPlayer(context: PublicContext, contentId: string) {
  const content = await getPublicContent(context, contentId)
  if ('gallerySlug' in content)
    return { moved: true as const, to: `${context.basePath}/galeria/${content.gallerySlug}` }
  return { moved: false as const, page: { company: context.company, basePath: context.basePath, ...content } }
}

import { redirect } from 'react-router'
import { findContentCompanySlug } from './find-content-company.server'
import { getPublicContent } from './get-public-content.server'
import { hostCompanySlug, resolvePublicCompany } from './public-pages.server'

/**
 * The company whose content the player shows: the one of the path or subdomain, or on the
 * platform's own host (`/player/{contentId}`), the one that published the item.
 */
export async function resolvePlayerCompany(request: Request, params: { clientSlug?: string; contentId: string }) {
  if (params.clientSlug || hostCompanySlug(request)) return resolvePublicCompany(request, params.clientSlug)
  return resolvePublicCompany(request, await findContentCompanySlug(params.contentId))
}

/** Everything the player page shows; a gallery's id redirects to the gallery's own page. */
export async function loadPlayer(request: Request, params: { clientSlug?: string; contentId: string }) {
  const { company, basePath } = await resolvePlayerCompany(request, params)
  const content = await getPublicContent(company, params.contentId)
  if ('gallerySlug' in content) throw redirect(`${basePath}/galeria/${content.gallerySlug}`)
  return { company, basePath, ...content }
}

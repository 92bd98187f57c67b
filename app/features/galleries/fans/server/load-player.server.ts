import { getPublicContent } from './get-public-content.server'
import { type PublicContext } from '#app/access/context'

/** Everything the player page shows; a gallery's id answers with its own page's address instead. */
export async function loadPlayer(context: PublicContext, contentId: string) {
  const content = await getPublicContent(context, contentId)
  if ('gallerySlug' in content)
    return { moved: true as const, to: `${context.basePath}/galeria/${content.gallerySlug}` }
  return { moved: false as const, page: { company: context.company, basePath: context.basePath, ...content } }
}

import { WallShow } from '#app/features/galleries/live/components/wall-show'
import { publicContextOfCompany } from '#app/access/public-visitor.server'
import { findWallGallery, getWall } from '#app/features/galleries/live/server/find-wall.server'
import { PublicErrorBoundary } from '#app/features/public/components/public-shell'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/wall'

/** The venue wall (ADR 058): its secret link must not leak through referrers or search engines. */
const PRIVATE = {
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
}

export async function loader({ params }: Route.LoaderArgs) {
  try {
    const gallery = await findWallGallery(params.token)
    return await getWall(await publicContextOfCompany(gallery.companyId, 'live.errors.wallNotFound'), gallery)
  } catch (error) {
    throw toHttpError(error)
  }
}

export const headers = () => PRIVATE

/** A screen at a venue: no cookie banner, no toasts (root.tsx), no site frame. */
export const handle = { chromeless: true }

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.gallery.title} · ${data.company.name}` : 'Afterglow' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Wall({ loaderData, params }: Route.ComponentProps) {
  return <WallShow streamUrl={`/wall/${params.token}/live`} {...loaderData} />
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="page" />
}

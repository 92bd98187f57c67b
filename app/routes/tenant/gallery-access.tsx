import { data, redirect } from 'react-router'
import { installMetaOf } from '#app/features/public/install-links'
import { MEDIA_TABS, readFilter } from '#app/features/public/components/filter-tabs'
import { PublicErrorBoundary } from '#app/features/public/components/public-shell'
import { loadCompanyLanding } from '#app/features/companies/landing/server/load-company-landing.server'
import { landingBatchesFrom } from '#app/features/public/page-batches'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { GalleryAccessView } from '#app/features/galleries/protection/components/gallery-access-view'
import { ZUnlockGallery } from '#app/features/galleries/protection/protection'
import { protectedPageHeaders } from '#app/features/galleries/protection/protection-paths'
import { findGalleryAccess, PRIVATE_PAGE } from '#app/features/galleries/protection/server/find-gallery-access.server'
import { unlockGallery } from '#app/features/galleries/protection/server/unlock-gallery.server'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import { AppError, toHttpError } from '#app/lib/errors'
import { getRequestT } from '#app/lib/i18n.server'
import { clientAddress, retryAfterHeader } from '#app/lib/rate-limit.server'
import { readForm } from '#app/lib/read-form.server'
import { knockOfRequest, refusalAt, refusalParams, rememberAt } from '#app/lib/refusal-door.server'
import { GALLERY_PASSWORD_DOOR } from '#app/features/galleries/protection/server/unlock-doors.server'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/gallery-access'

// A protected gallery's door (ADR 059): its password, or "this gallery has ended" over the company's landing.
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const gallery = `${context.basePath}/galeria/${params.gallerySlug}`
    const access = await findGalleryAccess(context, visit, params.gallerySlug)
    if (!access) throw new AppError('NOT_FOUND', 'public.notFound.gallery', { companyName: context.company.name })
    if (access.state === 'open') throw redirect(gallery, { status: 303, headers: PRIVATE_PAGE })
    if (access.state === 'ended') {
      const landing = await loadCompanyLanding(visit, await resolvePublicCompany(visit, params.clientSlug), {
        tab: readFilter(request.url, MEDIA_TABS),
        ...landingBatchesFrom(new URL(request.url).searchParams),
      })
      return data(
        {
          state: 'ended' as const,
          title: access.title,
          landing,
          meta: [{ title: access.title }, ...installMetaOf(context)],
        },
        { status: 410, headers: PRIVATE_PAGE },
      )
    }
    // What a shared link shows: the cover and the title, never the photos or the description.
    const share = await buildShareCard(
      visit,
      {
        kind: 'gallery',
        id: access.id,
        company: context.company,
        path: `/galeria/${params.gallerySlug}`,
        title: access.title,
        description: null,
      },
      context,
    )
    return data(
      {
        state: 'locked' as const,
        title: access.title,
        company: context.company,
        basePath: context.basePath,
        meta: [
          ...shareMeta(share, { documentTitle: `${access.title} · ${context.company.name}` }),
          ...installMetaOf(context),
        ],
      },
      { headers: PRIVATE_PAGE },
    )
  } catch (error) {
    throw toHttpError(error)
  }
}

export async function action({ params, request }: Route.ActionArgs) {
  // Already refused: answered before the form is read or the gallery looked up (a browser's own
  // post was answered by the server already, server/cheap-refusals.ts).
  const knock = knockOfRequest(request)
  const refused = refusalAt(GALLERY_PASSWORD_DOOR, knock)
  if (refused)
    return data(
      { error: getRequestT(request)(GALLERY_PASSWORD_DOOR.messageKey, refusalParams(refused)) },
      { status: 429, headers: { ...PRIVATE_PAGE, ...retryAfterHeader(refused) } },
    )
  const visit = await visitOf(request)
  const context = await resolvePublicCompany(visit, params.clientSlug).catch((error) => {
    throw toHttpError(error)
  })
  const input = ZUnlockGallery.safeParse(await readForm(request))
  const t = getRequestT(request)
  try {
    const { setCookie } = await unlockGallery(context, visit, {
      gallerySlug: params.gallerySlug,
      password: input.success ? input.data.password : '',
      clientAddress: clientAddress(request),
    })
    return redirect(`${context.basePath}/galeria/${params.gallerySlug}`, {
      status: 303,
      headers: { ...PRIVATE_PAGE, ...(setCookie ? { 'Set-Cookie': setCookie } : {}) },
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw toHttpError(error)
    const seconds = error.details.retryAfterSeconds
    // The next tries from this address at this page are refused before they are read.
    if (typeof seconds === 'number') rememberAt(GALLERY_PASSWORD_DOOR, knock, seconds)
    const retryAfter = typeof seconds === 'number' ? retryAfterHeader(seconds) : {}
    return data(
      { error: t(error.messageKey, error.details) },
      { status: error.status, headers: { ...PRIVATE_PAGE, ...retryAfter } },
    )
  }
}

export const headers = protectedPageHeaders

export const meta: Route.MetaFunction = ({ data: page }) => [
  ...(page?.meta ?? [{ title: 'Afterglow' }]),
  { name: 'robots', content: 'noindex' },
]

export default function GalleryAccess({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === 'ended')
    return <GalleryAccessView state="ended" title={loaderData.title} landing={loaderData.landing} />
  return (
    <GalleryAccessView
      state="locked"
      title={loaderData.title}
      company={loaderData.company}
      basePath={loaderData.basePath}
      error={actionData?.error ?? null}
    />
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="gallery" />
}

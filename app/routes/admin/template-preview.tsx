import { ImageOff } from 'lucide-react'
import { PreviewLinksInert, useDraftReceiver } from '#app/features/companies/components/draft-preview'
import { getCompanySettings } from '#app/features/companies/server/get-company-settings.server'
import { applyTemplateDraft, TEMPLATE_DRAFT_MESSAGE } from '#app/features/companies/template-draft'
import { CompanyLandingView } from '#app/features/companies/landing/components/company-landing'
import { CoverHero } from '#app/features/companies/landing/components/cover-hero'
import { MediaGrid } from '#app/features/galleries/fans/components/media-grid'
import { PublicShell } from '#app/features/public/components/public-shell'
import { pageTemplateOf, type PageTemplate } from '#app/features/companies/page-template'
import { loadCompanyLanding } from '#app/features/companies/landing/server/load-company-landing.server'
import { landingBatchesFrom } from '#app/features/public/page-batches'
import { getPublicGallery } from '#app/features/galleries/fans/server/get-public-gallery.server'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/template-preview'

/*
 * The company's real pages in the template being chosen, framed by the template settings: its
 * newest published gallery that has photos (its first page), or its landing. Only this site may
 * frame it (server/security.ts), and only members may open it.
 */
export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const visit = { ...(await visitOf(request)), host: { kind: 'platform' as const } }
  const query = new URL(request.url).searchParams
  const page = query.get('page') === 'landing' ? 'landing' : 'gallery'
  // For the gallery page, the landing's photos tab: its first gallery is the newest with photos, however many came after it.
  const [landing, { company: settings }] = await Promise.all([
    loadCompanyLanding(visit, await resolvePublicCompany(visit, member.company.slug), {
      tab: page === 'landing' ? 'all' : 'photos',
      ...landingBatchesFrom(query),
    }),
    getCompanySettings(member),
  ])
  const saved = pageTemplateOf(settings.template)
  const colours = { primary: settings.brandPrimaryColor, accent: settings.brandAccentColor }
  if (page === 'landing') return { page: 'landing' as const, landing, saved, colours }
  const newest = landing.galleries.find((gallery) => gallery.slug && gallery.photos > 0)
  const gallery = newest?.slug
    ? await getPublicGallery(await resolvePublicCompany(visit, member.company.slug), newest.slug)
    : null
  return { page: 'gallery' as const, landing, gallery, saved, colours }
})

/** The admin's page around the preview asks for cookie consent; the preview does not ask again. */
export const handle = { framedPreview: true }

export const meta: Route.MetaFunction = () => [{ title: 'Preview · Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function TemplatePreview({ loaderData }: Route.ComponentProps) {
  const draft = useDraftReceiver<PageTemplate>(TEMPLATE_DRAFT_MESSAGE)
  const { landing, saved, colours } = loaderData
  const company = applyTemplateDraft(landing.company, draft ?? saved, colours)
  return (
    <PreviewLinksInert testId="template-preview">
      {loaderData.page === 'landing' ? (
        <CompanyLandingView {...landing} company={company} />
      ) : (
        <GalleryPreview company={company} basePath={landing.basePath} gallery={loaderData.gallery} />
      )}
    </PreviewLinksInert>
  )
}

type PreviewGallery = Extract<Route.ComponentProps['loaderData'], { page: 'gallery' }>['gallery']

function GalleryPreview({
  company,
  basePath,
  gallery,
}: {
  company: Parameters<typeof applyTemplateDraft>[0]
  basePath: string
  gallery: PreviewGallery
}) {
  const { t } = useTranslation()
  return (
    <PublicShell company={company} basePath={basePath}>
      {gallery ? (
        <>
          <CoverHero
            coverAssetId={gallery.gallery.coverAssetId}
            coverStyle={company.template.cover}
            homePath={basePath}
            share={{ url: '', title: gallery.gallery.title }}
            title={gallery.gallery.title}
            className="sm:pt-24 sm:pb-14"
          >
            {gallery.gallery.description ? (
              <p className="mt-4 max-w-2xl text-ink-muted">{gallery.gallery.description}</p>
            ) : null}
          </CoverHero>
          <section className="mx-auto max-w-6xl px-1 py-4 sm:px-6 sm:py-8" aria-label={gallery.gallery.title}>
            <MediaGrid media={gallery.media} template={company.template} />
          </section>
        </>
      ) : (
        <div
          className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-24 text-center text-ink-muted"
          data-testid="template-preview-empty"
        >
          <ImageOff aria-hidden className="size-8" />
          <p>{t('settings.template.noGallery')}</p>
        </div>
      )}
    </PublicShell>
  )
}

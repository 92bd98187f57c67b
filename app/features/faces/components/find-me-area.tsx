import { ScanFace } from 'lucide-react'
import { lazy, Suspense, type ReactNode } from 'react'
import type { PageTemplate } from '#app/features/companies/page-template'
import { useTranslation } from '#app/lib/react-i18n'
import { useFindMeSet } from '../use-find-me-set'
import FindMeButton from './find-me-button'

// The photos a fan's search found: loaded when there is a set to show.
const FindMeResults = lazy(() => import('./find-me-results'))

export type FindMeAreaProps = {
  /** Where the company's pages are (`/{slug}`, or '' on its own address), and the gallery's slug. */
  basePath: string
  gallerySlug: string
  gallery: { id: string; title: string }
  company: { name: string; template: PageTemplate }
  download: { leadRequired: boolean; privacyHref: string } | null
  /** The gallery's own photos, shown while no set is. */
  children: ReactNode
}

/**
 * Find me on a gallery's page (ADR 103): an invitation above the photos with its button, and,
 * once a fan's search found them (or a link to a set was opened), their photos in place of the
 * gallery's until they ask for all of them again.
 */
export default function FindMeArea({ basePath, gallerySlug, gallery, company, download, children }: FindMeAreaProps) {
  const { t } = useTranslation()
  const [set, showSet] = useFindMeSet()
  const searchUrl = `${basePath}/galeria/${gallerySlug}/find-me`
  if (set)
    return (
      <Suspense fallback={null}>
        <FindMeResults
          set={set}
          searchUrl={searchUrl}
          galleryId={gallery.id}
          galleryTitle={gallery.title}
          companyName={company.name}
          template={company.template}
          download={download}
          onClose={() => showSet(null)}
        />
      </Suspense>
    )
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pb-4 sm:px-6" data-testid="find-me-invite">
        <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-3">
            <ScanFace aria-hidden className="size-6 shrink-0 text-accent" />
            <span>
              <span className="block font-semibold">{t('findMe.invite.title')}</span>
              <span className="block text-sm text-ink-muted">{t('findMe.invite.text')}</span>
            </span>
          </p>
          <FindMeButton
            searchUrl={searchUrl}
            companyName={company.name}
            privacyHref={`${basePath}/privacidade`}
            onFound={(found) => showSet(found)}
          />
        </div>
      </div>
      {children}
    </>
  )
}

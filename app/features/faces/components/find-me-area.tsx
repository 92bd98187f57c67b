import { lazy, Suspense, type ReactNode } from 'react'
import type { PageTemplate } from '#app/features/companies/page-template'
import { useTranslation } from '#app/lib/react-i18n'
import { useFindMeSet } from '../use-find-me-set'
import FindMeButton from './find-me-button'
import { FindMeInvite } from './find-me-event-invite'

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
      <FindMeInvite text={t('findMe.invite.text')} testId="find-me-invite">
        <FindMeButton
          searchUrl={searchUrl}
          companyName={company.name}
          privacyHref={`${basePath}/privacidade`}
          onFound={(found) => showSet(found)}
        />
      </FindMeInvite>
      {children}
    </>
  )
}

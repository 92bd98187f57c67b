import { ScanFace } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { FIND_ME_OPEN_PARAM } from '../use-find-me-set'

/**
 * Find me on an event's page (ADR 103): its galleries a fan can search with a selfie, each link
 * opening that gallery with its dialog open. A search is per gallery, as each gallery's photos are.
 */
/** Find me's invitation box above a page's photos: its words, and what the fan does (a button, links). */
export function FindMeInvite({ text, testId, children }: { text: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-6xl px-4 pb-6 sm:px-6" data-testid={testId}>
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-muted/60 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-3">
          <ScanFace aria-hidden className="size-6 shrink-0 text-accent" />
          <span>
            <span className="block font-semibold">{t('findMe.invite.title')}</span>
            <span className="block text-sm text-ink-muted">{text}</span>
          </span>
        </p>
        {children}
      </div>
    </div>
  )
}

export function FindMeEventInvite({
  basePath,
  galleries,
}: {
  basePath: string
  galleries: Array<{ slug: string | null; title: string }>
}) {
  const { t } = useTranslation()
  const searchable = galleries.filter((gallery) => gallery.slug)
  if (searchable.length === 0) return null
  return (
    <FindMeInvite text={t('findMe.invite.event')} testId="find-me-event-invite">
      <ul className="flex flex-wrap gap-2">
        {searchable.map((gallery) => (
          <li key={gallery.slug}>
            <a
              href={`${basePath}/galeria/${gallery.slug}?${FIND_ME_OPEN_PARAM}=1`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-medium hover:bg-surface-muted"
            >
              <ScanFace aria-hidden className="size-4" />
              {t('findMe.invite.in', { gallery: gallery.title })}
            </a>
          </li>
        ))}
      </ul>
    </FindMeInvite>
  )
}

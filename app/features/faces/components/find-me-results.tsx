import { Loader2, ScanFace, UserX } from 'lucide-react'
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button'
import type { PageTemplate } from '#app/features/companies/page-template'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { findMeSetDownloadPath } from '../find-me'
import { MediaGrid } from '#app/features/galleries/fans/components/media-grid'
import type { PublicMedia } from '#app/features/galleries/fans/server/gallery-page.server'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { FIND_ME_SET_PARAM } from '../use-find-me-set'

const GalleryLightbox = lazy(() => import('#app/features/galleries/fans/components/gallery-lightbox'))

type Props = {
  set: string
  /** The gallery's Find me address: the set is read from it, and a "remove me" sent to it. */
  searchUrl: string
  galleryId: string
  galleryTitle: string
  companyName: string
  template: PageTemplate
  download: { leadRequired: boolean; privacyHref: string } | null
  onClose: () => void
}

type Loaded = { photos: PublicMedia[]; expiresAt: string } | { error: string }

/**
 * The photos a fan's Find me search found, in the gallery's own grid and viewer, with a ZIP of
 * them (the gallery's download rules apply), a link to the set that lasts as long as the set, and
 * "remove me": a request the company answers from the gallery's editor.
 */
export default function FindMeResults({
  set,
  searchUrl,
  galleryId,
  galleryTitle,
  companyName,
  template,
  download,
  onClose,
}: Props) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const [removing, setRemoving] = useState<'form' | 'sending' | 'sent' | null>(null)
  const [removeError, setRemoveError] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    setLoaded(null)
    fetch(`${searchUrl}?set=${encodeURIComponent(set)}`, { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        const body = await response.json()
        if (current) setLoaded(response.ok ? body : { error: body.detail ?? t('findMe.errors.failed') })
      })
      .catch(() => current && setLoaded({ error: t('findMe.errors.offline') }))
    return () => {
      current = false
    }
  }, [set, searchUrl, t])

  async function sendRemoval(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    form.set('set', set)
    setRemoving('sending')
    setRemoveError(null)
    try {
      const response = await fetch(searchUrl, {
        method: 'POST',
        body: new URLSearchParams(form as unknown as Record<string, string>),
        headers: { Accept: 'application/json' },
      })
      if (response.ok) return setRemoving('sent')
      const body = await response.json().catch(() => ({}))
      setRemoveError(body.detail ?? t('findMe.errors.failed'))
    } catch {
      setRemoveError(t('findMe.errors.offline'))
    }
    setRemoving('form')
  }

  const shareUrl =
    typeof window === 'undefined'
      ? ''
      : `${window.location.origin}${window.location.pathname}?${FIND_ME_SET_PARAM}=${encodeURIComponent(set)}`

  return (
    <section
      aria-labelledby="find-me-results-heading"
      className="mx-auto max-w-6xl px-1 py-4 sm:px-6 sm:py-8"
      data-testid="find-me-results"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 px-3 sm:px-0">
        <h2 id="find-me-results-heading" className="flex items-center gap-2 text-xl font-semibold">
          <ScanFace aria-hidden className="size-5 text-accent" />
          {loaded && 'photos' in loaded
            ? t('findMe.results.title', { count: loaded.photos.length })
            : t('findMe.results.loading')}
        </h2>
        <Button variant="secondary" onClick={onClose} data-testid="find-me-show-all">
          {t('findMe.results.showAll')}
        </Button>
      </div>
      {!loaded ? (
        <p role="status" className="flex items-center gap-2 px-3 text-ink-muted sm:px-0">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('findMe.results.loading')}
        </p>
      ) : 'error' in loaded ? (
        <p role="alert" className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
          {loaded.error}
        </p>
      ) : (
        <>
          <div className="mb-4 flex flex-col gap-2 px-3 sm:flex-row sm:flex-wrap sm:items-center sm:px-0">
            {download ? (
              <DownloadButton
                href={findMeSetDownloadPath(contentDownloadPath(galleryId), set)}
                leadRequired={download.leadRequired}
                companyName={companyName}
                privacyHref={download.privacyHref}
                label={t('findMe.results.download')}
                className="w-full sm:w-auto"
              >
                {t('findMe.results.download')}
              </DownloadButton>
            ) : null}
            <ShareMenu url={shareUrl} title={galleryTitle} label={t('findMe.results.share')} />
            <p className="text-sm text-ink-muted sm:ms-auto">
              {t('findMe.results.expires', { date: dates.date(loaded.expiresAt) })}
            </p>
          </div>
          <MediaGrid media={loaded.photos} template={template} onOpen={setOpenIndex} />
          <div className="mt-6 px-3 sm:px-0">
            {removing === 'sent' ? (
              <p role="status" className="text-sm" data-testid="find-me-removal-sent">
                {t('findMe.remove.sent', { company: companyName })}
              </p>
            ) : removing ? (
              <form
                onSubmit={sendRemoval}
                noValidate
                className="max-w-md space-y-3 rounded-xl border border-line p-4"
                data-testid="find-me-removal"
              >
                <h3 className="font-semibold">{t('findMe.remove.title')}</h3>
                <p className="text-sm text-ink-muted">{t('findMe.remove.text', { company: companyName })}</p>
                <label className="block text-sm">
                  <span className="mb-1 block font-medium">{t('findMe.remove.email')}</span>
                  <input
                    type="email"
                    name="email"
                    autoComplete="email"
                    maxLength={254}
                    className="h-11 w-full rounded-[var(--radius-ui)] border border-line bg-surface px-3"
                  />
                </label>
                <label className="block text-sm">
                  <span className="mb-1 block font-medium">{t('findMe.remove.message')}</span>
                  <textarea
                    name="message"
                    rows={3}
                    maxLength={1000}
                    className="w-full rounded-[var(--radius-ui)] border border-line bg-surface px-3 py-2"
                  />
                </label>
                {removeError ? (
                  <p role="alert" className="text-sm text-danger">
                    {removeError}
                  </p>
                ) : null}
                <div className="flex justify-end gap-2">
                  <Button type="button" variant="secondary" onClick={() => setRemoving(null)}>
                    {t('findMe.cancel')}
                  </Button>
                  <Button type="submit" disabled={removing === 'sending'} aria-busy={removing === 'sending'}>
                    {removing === 'sending' ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                    {t('findMe.remove.send')}
                  </Button>
                </div>
              </form>
            ) : (
              <Button variant="ghost" onClick={() => setRemoving('form')} data-testid="find-me-remove">
                <UserX aria-hidden className="size-4" />
                {t('findMe.remove.open')}
              </Button>
            )}
          </div>
          {openIndex !== null ? (
            <Suspense fallback={null}>
              <GalleryLightbox
                media={loaded.photos}
                index={openIndex}
                onClose={() => setOpenIndex(null)}
                download={
                  download
                    ? { leadRequired: download.leadRequired, companyName, privacyHref: download.privacyHref }
                    : undefined
                }
              />
            </Suspense>
          ) : null}
        </>
      )}
    </section>
  )
}
